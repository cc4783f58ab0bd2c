import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, login, testApp } from '../../../test/harness.js';
import { DEMO_PASSWORD, seedDemo } from '../../db/demo-data.js';
import { clinics, userWorkingHours } from '../../platform/auth/identity.table.js';
import { withTenant } from '../../platform/db/tenancy.js';
import { addDays, todayIn } from './clinic-time.js';
import { PATH, expectOk } from './scheduler-test-kit.js';
import { appointmentSeries, appointments, vacations } from './scheduler.table.js';

const t = await testApp();

describe('scheduler demo data', () => {
  it('gives both demo clinics working hours and appointments around the current week', async () => {
    expect(await seedDemo(t.database.db)).toBe(true);
    const [demo] = await t.database.db.select().from(clinics).where(eq(clinics.clinicName, 'demo'));
    const seen = await withTenant(t.database.db, demo!.id, async (tx) => ({
      appointments: await tx.select().from(appointments),
      series: await tx.select().from(appointmentSeries),
      vacations: await tx.select().from(vacations),
      hours: await tx.select().from(userWorkingHours),
    }));
    const today = todayIn('Africa/Cairo');
    expect(new Set(seen.hours.map((h) => h.userId)).size).toBe(2);
    expect(seen.series).toHaveLength(1);
    expect(seen.appointments.filter((a) => a.seriesId === seen.series[0]!.id).length).toBeGreaterThanOrEqual(5);
    expect(new Set(seen.appointments.map((a) => a.branchId)).size).toBe(2);
    expect(seen.vacations.map((v) => v.userId === null)).toEqual([true, false]);
    expect(seen.vacations.every((v) => v.startDate > today && v.startDate <= addDays(today, 21))).toBe(true);

    // the calendar shows today's board through the API, in every stage of a visit
    const token = await login(t, 'demo', 'secretary@demo.test', DEMO_PASSWORD);
    const board = await expectOk<{ date: string; items: Array<{ status: string }> }>(
      api(t, token).get(PATH.getTodayAppointments, {}),
    );
    expect(board.date).toBe(today);
    expect(new Set(board.items.map((i) => i.status))).toEqual(new Set(['AS1', 'AS2', 'AS3', 'AS4', 'AS5', 'AS6', 'AS7', 'AS8']));
    const week = await expectOk<{ items: unknown[] }>(
      api(t, token).get(PATH.getAppointments, { from: new Date().toISOString(), to: new Date(Date.now() + 7 * 86_400_000).toISOString() }),
    );
    expect(week.items.length).toBeGreaterThan(5);

    // no demo appointment falls on a vacation of its doctor or the clinic, and no doctor is double-booked
    for (const a of seen.appointments) {
      const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Cairo' }).format(a.startsAt);
      const off = seen.vacations.some((v) => (v.userId === null || v.userId === a.doctorId) && v.startDate <= day && v.endDate >= day);
      expect(off, `${a.id} on ${day}`).toBe(false);
      const clash = seen.appointments.some(
        (o) => o.id !== a.id && o.doctorId === a.doctorId && o.startsAt < a.endsAt && o.endsAt > a.startsAt && !['AS8', 'AS9'].includes(o.status),
      );
      expect(clash, `${a.id} clashes`).toBe(false);
    }

    const [riyadh] = await t.database.db.select().from(clinics).where(eq(clinics.clinicName, 'riyadh'));
    const theirs = await withTenant(t.database.db, riyadh!.id, (tx) => tx.select().from(appointments));
    expect(theirs.length).toBeGreaterThan(5);
  });
});
