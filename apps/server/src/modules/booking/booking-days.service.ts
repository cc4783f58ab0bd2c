import {
  BOOKING_RULES, type BookingDayStatus, type BookingDaysInput, type BookingInfo, type FreeSlots, type FreeSlotsInput,
} from '@dental/contract';
import type { Tx } from '../../platform/db/types.js';
import { AppError } from '../../platform/errors.js';
import { fileUrl } from '../../platform/files/images.js';
import { type Slot, addDays, bookingWindow, dateIn, freeSlots, remainingOf } from './booking-capacity.js';
import {
  branchesOf, bookingHours, busyBetween, findBranch, holidaysBetween, nextTurnNumber, roomCapacity, slotsBetween,
  websiteBookingsPerDay,
} from './booking-calendar.js';
import { type BookingSettings, type ClinicRow, settingsOf } from './booking-clinic.js';

/** What one day of a branch offers. */
export interface DayState {
  date: string;
  status: BookingDayStatus;
  /** Free slots ('time') or turns left ('turn', null without a daily maximum); 0 unless open. */
  free: number | null;
  /** 'time': every slot of the booking hours, and those still free (none unless open). */
  grid: Slot[];
  freeSlots: Slot[];
}

/** The clinic's window of bookable dates at `now`, or null when its settings leave none. */
export function windowAt(s: BookingSettings, now: Date) {
  const today = dateIn(s.timeZone, now);
  return { today, window: bookingWindow(today, s.gapDays, s.days) };
}

/**
 * The state of each date from `from` to `to` for a branch: clinic holidays closed; 'time' offers the slots that
 * have not started and are held by fewer active appointments than the clinic has rooms; 'turn' is open until the
 * day's booking hours end; either is full once the daily maximum of website bookings is reached.
 */
export async function dayStates(
  tx: Tx, clinicId: number, branchId: number, s: BookingSettings, from: string, to: string, now: Date,
): Promise<DayState[]> {
  const dates: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) dates.push(d);
  const holidays = await holidaysBetween(tx, clinicId, from, to);
  const booked = await websiteBookingsPerDay(tx, clinicId, branchId, s.timeZone, from, to);
  const remaining = (date: string) => remainingOf(s.maxPerDay, booked.get(date) ?? 0);

  if (s.type === 'turn') {
    const today = dateIn(s.timeZone, now);
    const todayOver = dates.includes(today) && (await bookingHours(tx, s, today)).end <= now;
    return dates.map((date) => {
      const left = remaining(date);
      const status: BookingDayStatus = holidays.has(date) ? 'holiday' : date === today && todayOver ? 'closed' : left === 0 ? 'full' : 'open';
      return { date, status, free: status === 'open' ? left : 0, grid: [], freeSlots: [] };
    });
  }

  const grid = await slotsBetween(tx, s, from, to);
  const capacity = await roomCapacity(tx, clinicId);
  const busy = grid.length
    ? await busyBetween(tx, clinicId, branchId, grid[0]!.start, new Date(Math.max(...grid.map((g) => g.end.getTime()))))
    : [];
  return dates.map((date) => {
    const daySlots = grid.filter((g) => g.date === date);
    const left = remaining(date);
    const open = left === 0 ? [] : freeSlots(daySlots, busy, capacity, now);
    let status: BookingDayStatus = 'open';
    if (holidays.has(date)) status = 'holiday';
    else if (!daySlots.some((g) => g.start > now)) status = 'closed';
    else if (!open.length) status = 'full';
    const free = status === 'open' ? (left == null ? open.length : Math.min(open.length, left)) : 0;
    return { date, status, free, grid: daySlots, freeSlots: status === 'open' ? open : [] };
  });
}

/** GetBookingInfo: what the page shows first. */
export async function getBookingInfo(tx: Tx, clinic: ClinicRow, now: Date): Promise<BookingInfo> {
  const s = settingsOf(clinic);
  const { today, window } = windowAt(s, now);
  const branches = await branchesOf(tx, clinic.id);
  return {
    clinicName: clinic.clinicName,
    displayName: clinic.displayName,
    logoUrl: fileUrl(clinic.logoKey),
    countryId: clinic.countryId,
    branches,
    bookingType: s.type,
    interval: s.interval,
    bookingDays: s.days,
    gapDays: s.gapDays,
    maxDistance: clinic.maxAttendanceDistance,
    timeStart: s.timeStart,
    timeEnd: s.timeEnd,
    timeZone: s.timeZone,
    today,
    firstDate: window?.first ?? null,
    lastDate: window?.last ?? null,
    isOpen: !!window && branches.length > 0,
  };
}

/** GetBookingDays: a page of at most BOOKING_RULES.daysPerPage dates of the window, from `from`. */
export async function getBookingDays(tx: Tx, clinic: ClinicRow, input: BookingDaysInput, now: Date) {
  const s = settingsOf(clinic);
  await findBranch(tx, clinic.id, input.branchId);
  const { window } = windowAt(s, now);
  if (!window) return { items: [], nextFrom: null };
  const from = !input.from || input.from < window.first ? window.first : input.from;
  if (from > window.last) return { items: [], nextFrom: null };
  const pageEnd = addDays(from, BOOKING_RULES.daysPerPage - 1);
  const to = pageEnd < window.last ? pageEnd : window.last;
  const states = await dayStates(tx, clinic.id, input.branchId, s, from, to, now);
  return {
    items: states.map(({ date, status, free }) => ({ date, status, free })),
    nextFrom: to < window.last ? addDays(to, 1) : null,
  };
}

/** A date of the window, else 409 booking_day_unavailable. */
export function assertInWindow(s: BookingSettings, date: string, now: Date) {
  const { window } = windowAt(s, now);
  if (!window) throw new AppError('booking_closed');
  if (date < window.first || date > window.last) throw new AppError('booking_day_unavailable');
}

/** GetFreeSlots: the free times of a date ('time'), or the next turn and turns left ('turn'). */
export async function getFreeSlots(tx: Tx, clinic: ClinicRow, input: FreeSlotsInput, now: Date): Promise<FreeSlots> {
  const s = settingsOf(clinic);
  await findBranch(tx, clinic.id, input.branchId);
  assertInWindow(s, input.date, now);
  const [day] = await dayStates(tx, clinic.id, input.branchId, s, input.date, input.date, now);
  const turn = s.type === 'turn';
  return {
    date: input.date,
    bookingType: s.type,
    status: day!.status,
    slots: day!.freeSlots.map((g) => ({ time: g.time, start: g.start.toISOString(), end: g.end.toISOString() })),
    nextTurnNumber: turn && day!.status === 'open' ? await nextTurnNumber(tx, clinic.id, input.branchId, s.timeZone, input.date) : null,
    remaining: turn ? day!.free : null,
  };
}
