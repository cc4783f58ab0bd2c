import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type TestClinic, api, concurrently, newClinic, testApp } from '../../../test/harness.js';
import { withTenant } from '../../platform/db/tenancy.js';
import { PATH, body, book, bookable, newDoctor, setClinicFlags } from './scheduler-test-kit.js';
import { appointments } from './scheduler.table.js';

/*
 * Many saves of one slot at once (issue 13 "Concurrency"): on PostgreSQL the requests run side by side on the pool's
 * connections, so the schedule checks must hold under concurrency (advisory locks per doctor and per room).
 */
const t = await testApp();
const N = 50;

const activeCount = (c: TestClinic) =>
  withTenant(t.database.db, c.clinicId, (tx) =>
    tx.$count(appointments, and(eq(appointments.clinicId, c.clinicId), inArray(appointments.status, ['AS1', 'AS2']))),
  );

const cancelAll = (c: TestClinic, ids: number[]) =>
  withTenant(t.database.db, c.clinicId, (tx) =>
    tx.update(appointments).set({ status: 'AS8' }).where(and(eq(appointments.clinicId, c.clinicId), inArray(appointments.id, ids))),
  );

describe('concurrent saves of one slot', () => {
  it(`${N} SaveAppointment for the same doctor, room and slot: exactly one is saved, the others are 409 doctor busy`, async () => {
    const c = await newClinic(t);
    const b = await bookable(t, c);
    const { tally } = await concurrently(N, () => api(t, c.token).post(PATH.saveAppointment, body(b, '10:00', '10:30')));
    expect(tally).toEqual({ '200': 1, '409 appointment_doctor_busy': N - 1 });
    expect(await activeCount(c)).toBe(1);
  });

  it(`${N} SaveAppointment for two doctors in the same room and slot: exactly one is saved, the rest 409 busy`, async () => {
    const c = await newClinic(t);
    const b = await bookable(t, c);
    const other = await newDoctor(t, c, []);
    const { tally } = await concurrently(N, (i) =>
      api(t, c.token).post(PATH.saveAppointment, body({ ...b, doctorId: i % 2 ? other.id : b.doctorId }, '10:00', '10:30')),
    );
    expect(tally['200']).toBe(1);
    expect((tally['409 appointment_doctor_busy'] ?? 0) + (tally['409 appointment_room_busy'] ?? 0)).toBe(N - 1);
    expect(await activeCount(c)).toBe(1);
  });

  it(`${N} SaveAppointment moving different appointments into one slot: exactly one moves`, async () => {
    const c = await newClinic(t);
    const b = await bookable(t, c);
    await setClinicFlags(t, c, { allowOverlappingAppointments: true });
    const ids: number[] = [];
    for (let i = 0; i < N; i++) ids.push((await book(t, c.token, b, '08:00', '08:10', { confirmOverlap: true })).id);
    await setClinicFlags(t, c, { allowOverlappingAppointments: false });
    const { tally } = await concurrently(N, (i) =>
      api(t, c.token).post(PATH.saveAppointment, body(b, '10:00', '10:30', { id: ids[i], version: 1 })),
    );
    expect(tally).toEqual({ '200': 1, '409 appointment_doctor_busy': N - 1 });
  });

  it(`${N} SaveAppointmentRecurrence over the same slots: exactly one series is created`, async () => {
    const c = await newClinic(t);
    const b = await bookable(t, c);
    const { tally } = await concurrently(N, () =>
      api(t, c.token).post(PATH.saveAppointmentRecurrence, body(b, '10:00', '10:30', { recurrence: { frequency: 'daily', interval: 1, count: 3 } })),
    );
    expect(tally).toEqual({ '200': 1, '409 appointment_doctor_busy': N - 1 });
    expect(await activeCount(c)).toBe(3);
  });

  it(`overlapping allowed and confirmed: all ${N} are saved`, async () => {
    const c = await newClinic(t);
    const b = await bookable(t, c);
    await setClinicFlags(t, c, { allowOverlappingAppointments: true });
    const { tally } = await concurrently(N, () =>
      api(t, c.token).post(PATH.saveAppointment, body(b, '10:00', '10:30', { confirmOverlap: true })),
    );
    expect(tally).toEqual({ '200': N });
    expect(await activeCount(c)).toBe(N);
  });

  it(`${N} reopenings (AS8 -> AS1) of canceled appointments in one slot: exactly one takes the slot back`, async () => {
    const c = await newClinic(t);
    const b = await bookable(t, c);
    await setClinicFlags(t, c, { allowOverlappingAppointments: true });
    const ids: number[] = [];
    for (let i = 0; i < N; i++) ids.push((await book(t, c.token, b, '10:00', '10:30', { confirmOverlap: true })).id);
    await cancelAll(c, ids);
    const reopen = () => concurrently(N, (i) => api(t, c.token).post(PATH.updateAppointmentStatus, { id: ids[i], status: 'AS1' }));
    // where overlapping is allowed, taking them back counts as confirmed
    expect((await reopen()).tally).toEqual({ '200': N });
    await cancelAll(c, ids);
    await setClinicFlags(t, c, { allowOverlappingAppointments: false });
    expect((await reopen()).tally).toEqual({ '200': 1, '409 appointment_doctor_busy': N - 1 });
    expect(await activeCount(c)).toBe(1);
  });
});
