import { callPath, bookingCalls } from '@dental/contract';
import { and, asc, eq } from 'drizzle-orm';
import { type TestApp, type TestClinic, api } from '../../../test/harness.js';
import { branches, clinics } from '../../platform/auth/identity.table.js';
import { withTenant } from '../../platform/db/tenancy.js';
import { rooms } from '../lookups/index.js';
import { patients } from '../patients/index.js';
import { appointments, bookingAttempts, vacations } from '../scheduler/scheduler.table.js';
import { addDays, dateIn } from './booking-capacity.js';

/** Shared by the booking page's integration tests: paths, the clinic's dates and direct database set-up. */
export const INFO = callPath(bookingCalls.getBookingInfo);
export const DAYS = callPath(bookingCalls.getBookingDays);
export const SLOTS = callPath(bookingCalls.getFreeSlots);
export const BOOK = callPath(bookingCalls.book);

/** A date counted from the clinic's today (new test clinics are in Africa/Cairo). */
export const dayFromToday = (n: number, timeZone = 'Africa/Cairo') => addDays(dateIn(timeZone, new Date()), n);

/** The local 'HH:mm' of an instant in a time zone. */
export const localTime = (iso: string, timeZone = 'Africa/Cairo') =>
  new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));

let seq = 0;
/** A mobile no other test of the run uses. */
export const uniqueMobile = () => `+2011${String(Date.now() * 100 + (seq++ % 100)).slice(-8)}`;
/** A caller address of its own, so one test's calls never count against another's limit. */
export const uniqueAddress = () => `10.${(seq >> 16) & 255}.${(seq >> 8) & 255}.${seq++ & 255}`;

/** Public calls: no token; `address` is the caller's (the server trusts X-Forwarded-For). */
export function publicApi(t: TestApp, address = uniqueAddress(), language = 'en') {
  return api(t, undefined, { 'x-forwarded-for': address, language });
}

export async function setBooking(t: TestApp, clinicId: number, values: Partial<typeof clinics.$inferInsert>) {
  await t.database.db.update(clinics).set(values).where(eq(clinics.id, clinicId));
}

/** Sets where the clinic's main branch is. */
export async function placeBranch(t: TestApp, c: TestClinic, place: { latitude: number; longitude: number }) {
  await withTenant(t.database.db, c.clinicId, (tx) =>
    tx.update(branches).set(place).where(and(eq(branches.clinicId, c.clinicId), eq(branches.id, c.branchId))),
  );
}

export async function addRooms(t: TestApp, c: TestClinic, n: number) {
  await withTenant(t.database.db, c.clinicId, (tx) =>
    tx.insert(rooms).values(Array.from({ length: n }, (_, i) => ({ clinicId: c.clinicId, name: `Room ${i + 1}`, color: '#079ee4' }))),
  );
}

export async function addVacation(t: TestApp, c: TestClinic, startDate: string, endDate: string, userId: number | null = null) {
  await withTenant(t.database.db, c.clinicId, (tx) =>
    tx.insert(vacations).values({ clinicId: c.clinicId, userId, name: 'Holiday', startDate, endDate }),
  );
}

/** An appointment written straight to the table (staff-made unless said otherwise). */
export async function addAppointment(
  t: TestApp,
  c: TestClinic,
  values: { patientId: number; start: string; end: string; branchId?: number; status?: string; source?: string },
) {
  await withTenant(t.database.db, c.clinicId, (tx) =>
    tx.insert(appointments).values({
      clinicId: c.clinicId,
      branchId: values.branchId ?? c.branchId,
      patientId: values.patientId,
      startsAt: new Date(values.start),
      endsAt: new Date(values.end),
      status: values.status ?? 'AS1',
      source: values.source ?? 'clinic',
    }),
  );
}

export const appointmentsOf = (t: TestApp, clinicId: number) =>
  withTenant(t.database.db, clinicId, (tx) =>
    tx.select().from(appointments).where(eq(appointments.clinicId, clinicId)).orderBy(asc(appointments.id)),
  );

export const patientsOf = (t: TestApp, clinicId: number) =>
  withTenant(t.database.db, clinicId, (tx) => tx.select().from(patients).where(eq(patients.clinicId, clinicId)).orderBy(asc(patients.id)));

export const attemptsOf = (t: TestApp, clinicId: number) =>
  withTenant(t.database.db, clinicId, (tx) => tx.select().from(bookingAttempts).where(and(eq(bookingAttempts.clinicId, clinicId))));

/** The instant of a local date and time in Cairo, as the API gives it (for appointments written in tests). */
export function cairoInstant(date: string, time: string): string {
  // Cairo's offset on that date, read from Intl (it has daylight saving time)
  const guess = new Date(`${date}T${time}:00Z`);
  const local = new Date(new Intl.DateTimeFormat('sv-SE', { timeZone: 'Africa/Cairo', dateStyle: 'short', timeStyle: 'medium' }).format(guess).replace(' ', 'T') + 'Z');
  return new Date(guess.getTime() - (local.getTime() - guess.getTime())).toISOString();
}
