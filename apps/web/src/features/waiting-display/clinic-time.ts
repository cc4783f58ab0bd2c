import dayjs, { type Dayjs } from 'dayjs';

const formatters = new Map<string, Intl.DateTimeFormat>();
const formatterFor = (timeZone: string) => {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
};

/**
 * An instant as the clinic's wall clock reads it: a dayjs whose local fields are the clinic's date and time (for
 * display only; never turn it back into an instant). Works whatever the device's own time zone is.
 */
export function clinicWallClock(instant: Date | string | number, timeZone: string): Dayjs {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return dayjs(NaN);
  let p: Record<string, string>;
  try {
    p = Object.fromEntries(formatterFor(timeZone).formatToParts(date).map((x) => [x.type, x.value]));
  } catch {
    return dayjs(date); // an unknown zone: the device's clock is the best we have
  }
  return dayjs(new Date(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second)));
}

/** The clinic's day of an instant (default now), 'YYYY-MM-DD'. */
export const clinicDay = (timeZone: string, instant: Date | string | number = Date.now()): string =>
  clinicWallClock(instant, timeZone).format('YYYY-MM-DD');
