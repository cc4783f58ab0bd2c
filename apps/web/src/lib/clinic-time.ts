import { type WallClockParts, wallClockParts } from '@dental/contract';
import dayjs, { type Dayjs } from 'dayjs';
import * as InstantFns from 'temporal-polyfill/fns/Instant';
import * as PlainDateTimeFns from 'temporal-polyfill/fns/PlainDateTime';
import { timeFormatOf } from './format';

/**
 * The clinic's wall clock. Appointments are instants; the calendar, the form and the vacation days speak the
 * clinic's time zone (calendarSettings.timeZone) whatever the browser's zone is. A wall time that does not exist
 * (the hour skipped by a daylight-saving change) moves forward, one that exists twice takes the earlier instant
 * (Temporal's 'compatible' rule, the same one FullCalendar uses).
 */
export interface WallTime {
  /** 'YYYY-MM-DD' */
  date: string;
  /** 'HH:mm' */
  time: string;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_RE = /^(\d{2}):(\d{2})$/;

function parseDate(date: string): [number, number, number] {
  const m = DATE_RE.exec(date);
  if (!m) throw new RangeError(`not a date: ${date}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

/** The clinic's date and time of an instant (an ISO string with offset, a Date or epoch milliseconds). */
export function toClinicWall(instant: string | Date | number, timeZone: string): WallTime {
  const ms = typeof instant === 'number' ? instant : typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
  if (!Number.isFinite(ms)) throw new RangeError(`not an instant: ${String(instant)}`);
  const z = InstantFns.toZonedDateTimeISO(InstantFns.fromEpochMilliseconds(ms), timeZone);
  return { date: `${pad(z.year, 4)}-${pad(z.month)}-${pad(z.day)}`, time: `${pad(z.hour)}:${pad(z.minute)}` };
}

/** The clinic's calendar day of an instant, 'YYYY-MM-DD'. */
export const clinicDateOf = (instant: string | Date | number, timeZone: string): string =>
  toClinicWall(instant, timeZone).date;

/** The instant (ISO, UTC) of a wall time in the clinic; time '24:00' is the next day's midnight. */
export function fromClinicWall(date: string, time: string, timeZone: string): string {
  const [y, mo, d] = parseDate(date);
  const t = TIME_RE.exec(time);
  if (!t) throw new RangeError(`not a time: ${time}`);
  const hour = Number(t[1]);
  const minute = Number(t[2]);
  if (hour === 24 && minute === 0) return fromClinicWall(addDays(date, 1), '00:00', timeZone);
  const zoned = PlainDateTimeFns.toZonedDateTime(PlainDateTimeFns.create(y, mo, d, hour, minute), timeZone);
  return new Date(zoned.epochMilliseconds).toISOString();
}

/** The instant the clinic's day starts (midnight, or the first instant of a day that skips midnight). */
export const clinicDayStart = (date: string, timeZone: string): string => fromClinicWall(date, '00:00', timeZone);

/** A calendar date plus n days (no time zone involved). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = parseDate(date);
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return `${pad(t.getUTCFullYear(), 4)}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

/** 0 Sunday .. 6 Saturday of a calendar date. */
export function weekdayOf(date: string): number {
  const [y, m, d] = parseDate(date);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/** Today in the clinic. */
export const clinicToday = (timeZone: string, now: number = Date.now()): string => clinicDateOf(now, timeZone);

/** A calendar date as the app shows dates: day/month/year. */
export const formatWallDate = (date: string): string => date.split('-').reverse().join('/');

/** A wall time as the app shows times (timeFormatOf: the UI language's style); a day with no DST change is used. */
export function formatWallTime(time: string): string {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return dayjs(new Date(2000, 0, 1, h % 24, m)).format(timeFormatOf());
}

/** An instant as the clinic's date (day/month/year) and time. */
export function formatClinicDateTime(instant: string, timeZone: string): string {
  const w = toClinicWall(instant, timeZone);
  return `${formatWallDate(w.date)} ${formatWallTime(w.time)}`;
}

/**
 * An instant as the clinic's wall clock reads it: a dayjs whose local fields are the clinic's date and time (for
 * display only; never turn it back into an instant). Works whatever the device's own time zone is.
 */
export function clinicWallClock(instant: Date | string | number, timeZone: string): Dayjs {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return dayjs(NaN);
  let p: WallClockParts;
  try {
    p = wallClockParts(date, timeZone);
  } catch {
    return dayjs(date); // an unknown zone: the device's clock is the best we have
  }
  return dayjs(new Date(p.year, p.month - 1, p.day, p.hour, p.minute, p.second));
}
