/*
 * Wall-clock arithmetic in a clinic's time zone, with Intl only: nothing here reads the process time zone
 * (process.env.TZ), so a server anywhere computes the same clinic days, all-day bounds and working hours.
 * A local date is 'YYYY-MM-DD'; a local time is minutes since that date's midnight.
 */
import { wallClockParts } from '@dental/contract';

const MINUTE = 60_000;
export const DAY_MINUTES = 24 * 60;

/** The wall clock of an instant in a zone, as if it were UTC (milliseconds; seconds kept, milliseconds dropped). */
export function naiveMs(instant: Date, timeZone: string): number {
  const p = wallClockParts(instant, timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
}

/** The zone's offset from UTC at an instant, in minutes (Cairo in winter: 120). */
export const offsetMinutes = (instant: Date, timeZone: string) =>
  Math.round((naiveMs(instant, timeZone) - Math.floor(instant.getTime() / 1000) * 1000) / MINUTE);

/** The instant whose wall clock in the zone reads `naive` (a wall clock written as UTC milliseconds). */
export function fromNaiveMs(naive: number, timeZone: string): Date {
  const first = naive - offsetMinutes(new Date(naive), timeZone) * MINUTE;
  const second = naive - offsetMinutes(new Date(first), timeZone) * MINUTE;
  // in a spring-forward gap neither guess reads `naive`: take the later one (the clock has already jumped)
  return new Date(naiveMs(new Date(second), timeZone) === naive ? second : Math.max(first, second));
}

const pad = (n: number) => String(n).padStart(2, '0');
const dateOfNaive = (naive: number) => {
  const d = new Date(naive);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
};
const naiveOfDate = (date: string) => Date.parse(`${date}T00:00:00Z`);

/** The clinic-day of an instant. */
export const localDate = (instant: Date, timeZone: string) => dateOfNaive(naiveMs(instant, timeZone));

/** The local date and minutes since local midnight of an instant. */
export function localDateTime(instant: Date, timeZone: string) {
  const naive = naiveMs(instant, timeZone);
  const date = dateOfNaive(naive);
  return { date, minutes: (naive - naiveOfDate(date)) / MINUTE };
}

/** The instant at `minutes` after local midnight of `date` (1440 is the next day's midnight). */
export const zonedInstant = (date: string, minutes: number, timeZone: string) =>
  fromNaiveMs(naiveOfDate(date) + minutes * MINUTE, timeZone);

export const addDays = (date: string, days: number) => dateOfNaive(naiveOfDate(date) + days * DAY_MINUTES * MINUTE);
/** Whole days from a to b (b - a). */
export const daysBetween = (a: string, b: string) => Math.round((naiveOfDate(b) - naiveOfDate(a)) / (DAY_MINUTES * MINUTE));
/** 0 Sunday .. 6 Saturday. */
export const weekdayOf = (date: string) => new Date(naiveOfDate(date)).getUTCDay();

/** Today in the clinic's calendar. */
export const todayIn = (timeZone: string, now = new Date()) => localDate(now, timeZone);

/** A clinic-day from its local midnight to the next local midnight (23 or 25 hours around a clock change). */
export const dayBounds = (date: string, timeZone: string) => ({
  start: zonedInstant(date, 0, timeZone),
  end: zonedInstant(addDays(date, 1), 0, timeZone),
});

/** 'HH:mm' (end may be '24:00') to minutes. */
export function clockMinutes(hhmm: string) {
  const [h, m] = hhmm.split(':').map(Number);
  return h! * 60 + m!;
}
