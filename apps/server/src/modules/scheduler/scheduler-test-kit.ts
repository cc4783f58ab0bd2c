import { type PermissionKey, callPath, schedulerCalls } from '@dental/contract';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { type TestApp, type TestClinic, api, newPatient, newUser } from '../../../test/harness.js';
import { clinics, userWorkingHours, users } from '../../platform/auth/identity.table.js';
import { withTenant } from '../../platform/db/tenancy.js';
import type { Envelope } from '../../platform/realtime/hub.js';
import { rooms } from '../lookups/index.js';
import { appointments } from './scheduler.table.js';

/** Shared by the scheduler's integration tests: paths, a clinic ready to book, direct database set-up, hub events. */
export const PATH = Object.fromEntries(Object.entries(schedulerCalls).map(([name, d]) => [name, callPath(d)])) as Record<
  keyof typeof schedulerCalls,
  string
>;

/** Test clinics are in Africa/Cairo: +02:00 in January 2030 (no daylight saving then). 2030-01-06 is a Sunday. */
export const DAY = '2030-01-06';
export const at = (hhmm: string, date = DAY) => `${date}T${hhmm}:00+02:00`;
export const iso = (hhmm: string, date = DAY) => new Date(at(hhmm, date)).toISOString();

export const userIdOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub as number;

export async function expectOk<T = Record<string, unknown>>(call: Promise<LightMyRequestResponse>): Promise<T> {
  const res = await call;
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

export async function expectError(call: Promise<LightMyRequestResponse>, status: number, code: string) {
  const res = await call;
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().code, res.body).toBe(code);
  return res.json() as { code: string; message: string; errors?: Record<string, string> };
}

export async function addRoom(t: TestApp, c: TestClinic, name = `Room ${Math.random().toString(36).slice(2, 7)}`) {
  return withTenant(t.database.db, c.clinicId, async (tx) => {
    const [row] = await tx.insert(rooms).values({ clinicId: c.clinicId, name, color: '#079ee4' }).returning({ id: rooms.id });
    return row!.id;
  });
}

export async function setClinicFlags(t: TestApp, c: TestClinic, flags: Partial<typeof clinics.$inferInsert>) {
  await t.database.db.update(clinics).set(flags).where(eq(clinics.id, c.clinicId));
}

export async function setUser(t: TestApp, c: TestClinic, userId: number, values: Partial<typeof users.$inferInsert>) {
  await withTenant(t.database.db, c.clinicId, (tx) =>
    tx.update(users).set(values).where(and(eq(users.clinicId, c.clinicId), eq(users.id, userId))),
  );
}

/** Replaces a user's shifts: [dayOfWeek, 'HH:mm', 'HH:mm'] (0 Sunday). */
export async function setShifts(t: TestApp, c: TestClinic, userId: number, shifts: Array<[number, string, string]>) {
  await withTenant(t.database.db, c.clinicId, async (tx) => {
    await tx.delete(userWorkingHours).where(and(eq(userWorkingHours.clinicId, c.clinicId), eq(userWorkingHours.userId, userId)));
    if (shifts.length)
      await tx
        .insert(userWorkingHours)
        .values(shifts.map(([dayOfWeek, startTime, endTime]) => ({ clinicId: c.clinicId, userId, dayOfWeek, startTime, endTime })));
  });
}

/** A doctor of the clinic's first branch with these keys (base role RL3); returns id and token. */
export async function newDoctor(t: TestApp, c: TestClinic, keys: readonly PermissionKey[]) {
  const token = await newUser(t, c, keys, 'RL3');
  const id = userIdOf(token);
  await setUser(t, c, id, { isDoctor: true });
  return { id, token };
}

export async function appointmentRow(t: TestApp, c: TestClinic, id: number) {
  return withTenant(t.database.db, c.clinicId, async (tx) => {
    const [row] = await tx.select().from(appointments).where(and(eq(appointments.clinicId, c.clinicId), eq(appointments.id, id)));
    return row;
  });
}

export async function setAppointment(t: TestApp, c: TestClinic, id: number, values: Partial<typeof appointments.$inferInsert>) {
  await withTenant(t.database.db, c.clinicId, (tx) =>
    tx.update(appointments).set(values).where(and(eq(appointments.clinicId, c.clinicId), eq(appointments.id, id))),
  );
}

/** A clinic ready to book: a room, a patient, and the owner (a doctor of every branch) as the doctor. */
export async function bookable(t: TestApp, c: TestClinic) {
  const roomId = await addRoom(t, c);
  const patientId = await newPatient(t, c);
  return { roomId, patientId, doctorId: c.ownerId, branchId: c.branchId };
}

export type Booking = Awaited<ReturnType<typeof bookable>>;

/** A SaveAppointment body on DAY from..to. */
export const body = (b: Booking, from: string, to: string, extra: Record<string, unknown> = {}) => ({
  branchId: b.branchId,
  patientId: b.patientId,
  doctorId: b.doctorId,
  roomId: b.roomId,
  start: at(from),
  end: at(to),
  ...extra,
});

export async function book(t: TestApp, token: string, b: Booking, from: string, to: string, extra: Record<string, unknown> = {}) {
  return expectOk<{ id: number; version: number }>(api(t, token).post(PATH.saveAppointment, body(b, from, to, extra)));
}

/** Books start..end given as instants (any date), e.g. from zonedInstant(). */
export async function bookAt(t: TestApp, token: string, b: Booking, start: string, end: string, extra: Record<string, unknown> = {}) {
  return book(t, token, b, '00:00', '00:00', { start, end, ...extra });
}

/**
 * Records the hub's envelopes from now on. Events are sent on commit (NOTIFY), so `waitFor` polls a little.
 */
export function hubRecorder(t: TestApp) {
  const seen: Envelope[] = [];
  const off = t.app.deps.hub.onEnvelope((e) => seen.push(e));
  return {
    seen,
    stop: off,
    async waitFor(match: (e: Envelope) => boolean, timeoutMs = 2000) {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        const found = seen.find(match);
        if (found) return found;
        await new Promise((r) => setTimeout(r, 20));
      }
      return undefined;
    },
    async settle(ms = 200) {
      await new Promise((r) => setTimeout(r, ms));
    },
  };
}

export const refreshOf = (clinicId: number, branchId: number) => (e: Envelope) =>
  e.event.type === 'RefreshTodayAppointments' && e.to.clinicId === clinicId && e.to.branchId === branchId;
