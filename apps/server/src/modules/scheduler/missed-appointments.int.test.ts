import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newClinic, testApp } from '../../../test/harness.js';
import { branches } from '../../platform/auth/identity.table.js';
import { withTenant } from '../../platform/db/tenancy.js';
import { MISSED_JOB_LOCK, markMissedAppointments } from './missed-appointments.js';
import { appointmentRow, book, bookable, hubRecorder, refreshOf, setAppointment, setClinicFlags } from './scheduler-test-kit.js';

const t = await testApp();

/** The job runs "now" = an instant after DAY's appointments (2030-01-06, Cairo). */
const AFTER = new Date('2030-01-06T10:45:00+02:00');

describe('markMissedAppointments (the auto-missed job)', () => {
  it('marks ended unconfirmed and confirmed appointments missed in clinics that turned it on, and refreshes their branches', async () => {
    const c = await newClinic(t);
    const b = await bookable(t, c);
    const second = await withTenant(t.database.db, c.clinicId, async (tx) => {
      const [row] = await tx.insert(branches).values({ clinicId: c.clinicId, name: 'Second' }).returning({ id: branches.id });
      return row!.id;
    });
    const unconfirmed = await book(t, c.token, b, '09:00', '09:30');
    const confirmed = await book(t, c.token, b, '09:30', '10:00', { status: 'AS2', branchId: second });
    const arrived = await book(t, c.token, b, '10:00', '10:30');
    await setAppointment(t, c, arrived.id, { status: 'AS3' });
    const running = await book(t, c.token, b, '10:30', '11:00');
    const off = await newClinic(t);
    const offAppointment = await book(t, off.token, await bookable(t, off), '09:00', '09:30');

    await setClinicFlags(t, c, { autoUpdateAppointmentToMissed: true });
    const hub = hubRecorder(t);
    expect(await markMissedAppointments(t.database.db, t.app.deps.hub, AFTER)).toBe(2);
    expect(await appointmentRow(t, c, unconfirmed.id)).toMatchObject({ status: 'AS9', version: 2, statusUpdatedAt: AFTER });
    expect(await appointmentRow(t, c, confirmed.id)).toMatchObject({ status: 'AS9', version: 2 });
    expect(await appointmentRow(t, c, arrived.id)).toMatchObject({ status: 'AS3', version: 1 });
    expect(await appointmentRow(t, c, running.id)).toMatchObject({ status: 'AS1', version: 1 });
    expect(await appointmentRow(t, off, offAppointment.id)).toMatchObject({ status: 'AS1' });
    expect(await hub.waitFor(refreshOf(c.clinicId, c.branchId))).toBeDefined();
    expect(await hub.waitFor(refreshOf(c.clinicId, second))).toBeDefined();
    hub.seen.length = 0;
    // nothing left to do: no change, no event
    expect(await markMissedAppointments(t.database.db, t.app.deps.hub, AFTER)).toBe(0);
    await hub.settle();
    expect(hub.seen.filter((e) => e.to.clinicId === c.clinicId)).toEqual([]);
    hub.stop();
  });

  // PGlite has one connection, so a second holder of the lock can only be shown on PostgreSQL (CI runs it there)
  it.skipIf(t.database.kind !== 'postgres')('does nothing while another process holds the job’s lock', async () => {
    const c = await newClinic(t);
    const b = await bookable(t, c);
    const { id } = await book(t, c.token, b, '09:00', '09:30');
    await setClinicFlags(t, c, { autoUpdateAppointmentToMissed: true });
    const release = await holdLockElsewhere();
    try {
      expect(await markMissedAppointments(t.database.db, t.app.deps.hub, AFTER)).toBeNull();
      expect(await appointmentRow(t, c, id)).toMatchObject({ status: 'AS1' });
    } finally {
      await release();
    }
    expect(await markMissedAppointments(t.database.db, t.app.deps.hub, AFTER)).toBe(1);
  });
});

/** Holds the job's lock in a transaction on another pooled connection (PostgreSQL only) until released. */
async function holdLockElsewhere() {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let locked!: () => void;
  const isLocked = new Promise<void>((r) => (locked = r));
  const done = t.database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MISSED_JOB_LOCK})`);
    locked();
    await released;
  });
  await isLocked;
  return async () => {
    release();
    await done;
  };
}
