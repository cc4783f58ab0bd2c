import { INACTIVE_STATUSES } from '@dental/contract';
import { and, asc, count, eq, gt, gte, isNull, lt, lte, notInArray, sql } from 'drizzle-orm';
import { branches } from '../../platform/auth/identity.table.js';
import type { Tx } from '../../platform/db/types.js';
import { AppError } from '../../platform/errors.js';
import { rooms } from '../lookups/index.js';
import { appointments, vacations } from '../scheduler/scheduler.table.js';
import { type Slot, type Span, addDays } from './booking-capacity.js';
import type { BookingSettings } from './booking-clinic.js';

/**
 * The booking page's reads of the clinic's calendar, inside the clinic's tenant transaction. Local dates and
 * times are turned into instants by PostgreSQL (`timestamp at time zone`), so daylight-saving days are right.
 */

const DAY_MS = 86_400_000;
const active = notInArray(appointments.status, [...INACTIVE_STATUSES]);
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** What the page knows of a branch: its name, and where it is when the clinic set it. */
const BRANCH = { id: branches.id, name: branches.name, latitude: branches.latitude, longitude: branches.longitude };

export async function branchesOf(tx: Tx, clinicId: number) {
  return tx.select(BRANCH).from(branches).where(eq(branches.clinicId, clinicId)).orderBy(asc(branches.id));
}

/** A branch of the clinic, else 404 booking_branch_not_found. */
export async function findBranch(tx: Tx, clinicId: number, branchId: number) {
  const [branch] = await tx
    .select(BRANCH)
    .from(branches)
    .where(and(eq(branches.clinicId, clinicId), eq(branches.id, branchId)));
  if (!branch) throw new AppError('booking_branch_not_found');
  return branch;
}

/** Dates from `from` to `to` (both included) covered by a clinic holiday (a vacation without a user). */
export async function holidaysBetween(tx: Tx, clinicId: number, from: string, to: string): Promise<Set<string>> {
  const rows = await tx
    .select({ start: vacations.startDate, end: vacations.endDate })
    .from(vacations)
    .where(and(eq(vacations.clinicId, clinicId), isNull(vacations.userId), lte(vacations.startDate, to), gte(vacations.endDate, from)));
  const days = new Set<string>();
  for (const r of rows)
    for (let d = r.start < from ? from : r.start; d <= r.end && d <= to; d = addDays(d, 1)) days.add(d);
  return days;
}

/** How many bookings may share a time: the clinic's rooms, at least one. */
export async function roomCapacity(tx: Tx, clinicId: number): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(rooms).where(eq(rooms.clinicId, clinicId));
  return Math.max(1, row?.n ?? 0);
}

/** Every slot of the booking hours ('time') from `from` to `to`: every `interval` minutes, ending by the end time. */
export async function slotsBetween(tx: Tx, s: BookingSettings, from: string, to: string): Promise<Slot[]> {
  const step = sql`make_interval(mins => ${s.interval}::int)`;
  const rows = rowsOf<{ date: string; time: string; start_ms: number | string; end_ms: number | string }>(
    await tx.execute(sql`
      select to_char(d, 'YYYY-MM-DD') as date, to_char(t, 'HH24:MI') as time,
        (extract(epoch from t at time zone ${s.timeZone}) * 1000)::float8 as start_ms,
        (extract(epoch from (t + ${step}) at time zone ${s.timeZone}) * 1000)::float8 as end_ms
      from generate_series(${from}::timestamp, ${to}::timestamp, interval '1 day') d
      cross join lateral generate_series(d + ${s.timeStart}::time, d + ${s.timeEnd}::time - ${step}, ${step}) t
      order by t`),
  );
  return rows.map((r) => ({ date: r.date, time: r.time, start: new Date(Number(r.start_ms)), end: new Date(Number(r.end_ms)) }));
}

/** The instants of a day's booking hours (a turn covers them). */
export async function bookingHours(tx: Tx, s: BookingSettings, date: string): Promise<Span> {
  const [row] = rowsOf<{ start_ms: number | string; end_ms: number | string }>(
    await tx.execute(sql`
      select (extract(epoch from (${date}::date + ${s.timeStart}::time) at time zone ${s.timeZone}) * 1000)::float8 as start_ms,
        (extract(epoch from (${date}::date + ${s.timeEnd}::time) at time zone ${s.timeZone}) * 1000)::float8 as end_ms`),
  );
  return { start: new Date(Number(row!.start_ms)), end: new Date(Number(row!.end_ms)) };
}

/** The branch's active appointments (any source) that overlap [start, end). An appointment lasts at most a day. */
export async function busyBetween(tx: Tx, clinicId: number, branchId: number, start: Date, end: Date): Promise<Span[]> {
  return tx
    .select({ start: appointments.startsAt, end: appointments.endsAt })
    .from(appointments)
    .where(
      and(
        eq(appointments.clinicId, clinicId),
        eq(appointments.branchId, branchId),
        active,
        gt(appointments.startsAt, new Date(start.getTime() - DAY_MS)),
        lt(appointments.startsAt, end),
        gt(appointments.endsAt, start),
      ),
    );
}

/** The start of a local date in the clinic's time zone, as SQL. */
const dayStart = (date: string, timeZone: string) => sql`(${date}::date::timestamp at time zone ${timeZone})`;

/** Active website bookings of the branch per local date, from `from` to `to` (the daily maximum counts these). */
export async function websiteBookingsPerDay(tx: Tx, clinicId: number, branchId: number, timeZone: string, from: string, to: string) {
  // grouped by position: the time zone is a parameter, so the select's and a group by's expressions would differ
  const rows = rowsOf<{ day: string; n: number | string }>(
    await tx.execute(sql`
      select to_char(starts_at at time zone ${timeZone}, 'YYYY-MM-DD') as day, count(*) as n
      from appointments
      where clinic_id = ${clinicId} and branch_id = ${branchId} and source = 'website'
        and status not in (${sql.join(INACTIVE_STATUSES.map((st) => sql`${st}`), sql`, `)})
        and starts_at >= ${dayStart(from, timeZone)} and starts_at < ${dayStart(addDays(to, 1), timeZone)}
      group by 1`),
  );
  return new Map(rows.map((r) => [r.day, Number(r.n)]));
}

/**
 * The number the next turn of the day gets: one more than the highest given that day at the branch, cancelled
 * turns included, so a number is never given twice.
 */
export async function nextTurnNumber(tx: Tx, clinicId: number, branchId: number, timeZone: string, date: string) {
  const [row] = await tx
    .select({ max: sql<number | string | null>`max(${appointments.turnNumber})` })
    .from(appointments)
    .where(
      and(
        eq(appointments.clinicId, clinicId),
        eq(appointments.branchId, branchId),
        gte(appointments.startsAt, dayStart(date, timeZone)),
        lt(appointments.startsAt, dayStart(addDays(date, 1), timeZone)),
      ),
    );
  return Number(row?.max ?? 0) + 1;
}
