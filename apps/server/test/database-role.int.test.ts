import { randomBytes } from 'node:crypto';
import { callPath, schedulerCalls } from '@dental/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../src/db/demo-data.js';
import { hashPassword } from '../src/platform/auth/passwords.js';
import { loadConfig } from '../src/platform/config.js';
import { PASSWORD, api, appOn, login, newClinic, newPatient, testApp } from './harness.js';
import { type Database, openPostgres } from '../src/platform/db/database.js';
import { assertRequestRole, checkRole, privileges } from '../src/platform/db/database-role.js';
import { withTenant } from '../src/platform/db/tenancy.js';
import { appointments, markMissedAppointments } from '../src/modules/scheduler/index.js';
import { clinics, providerAdmins } from '../src/platform/auth/identity.table.js';

const serverUrl = process.env.TEST_DATABASE_URL;
const t = await testApp();
const config = (allow: boolean) =>
  loadConfig({ DATA_DIR: '/tmp/dentix-test', TOKEN_SECRET: 'x'.repeat(40) }, { ALLOW_PRIVILEGED_DATABASE_ROLE: allow });

describe('the role that serves requests', () => {
  it('a superuser connection is detected (the tests and the embedded database connect as one)', async () => {
    const check = await checkRole(t.database);
    expect(check.superuser).toBe(true);
    expect(privileges(check)).toContain('is a superuser');
  });

  it.runIf(serverUrl)('a superuser DATABASE_URL refuses to start, or starts with a warning when allowed', async () => {
    await expect(assertRequestRole(t.database, config(false), () => {})).rejects.toThrow(/is a superuser.*ALLOW_PRIVILEGED_DATABASE_ROLE/s);
    const warnings: string[] = [];
    await assertRequestRole(t.database, config(true), (msg) => warnings.push(msg));
    expect(warnings).toEqual([expect.stringMatching(/^WARNING: .*is a superuser/)]);
  });
});

describe.runIf(serverUrl)('a login role that is only a member of app_server', () => {
  const role = `dentix_app_${randomBytes(4).toString('hex')}`;
  let database: Database;
  let served: Awaited<ReturnType<typeof appOn>>;
  beforeAll(async () => {
    const [row] = await t.database.query<{ name: string }>('select current_database() as name');
    await t.database.exec(`CREATE ROLE ${role} LOGIN; GRANT app_server TO ${role}`);
    const url = new URL(serverUrl!);
    url.username = role;
    url.pathname = `/${row!.name}`;
    database = await openPostgres(url.toString(), 4);
    served = await appOn(database);
  });
  afterAll(async () => {
    await served.close();
    await t.database.exec(`DROP ROLE IF EXISTS ${role}`);
  });

  it('passes the start-up check', async () => {
    expect(await checkRole(database)).toEqual({ role, superuser: false, bypassRls: false, ownedTables: 0, canBecomeAppUser: true });
    await expect(assertRequestRole(database, config(false), () => {})).resolves.toBeUndefined();
  });

  it('serves logins, clinic calls and the provider console', async () => {
    const c = await newClinic(served);
    expect((await api(served).post(`/api/WithoutAuthorize/${c.clinicName}/Login`, { Email: 'owner', Password: 'Wrong@Pass1' })).statusCode).toBe(400);
    await login(served, c.clinicName, 'owner', PASSWORD);
    const saved = await api(served, c.token).post('/api/Lookups/SaveRoom', { name: 'Room 1', color: '#079ee4' });
    expect(saved.statusCode, saved.body).toBe(200);
    const rooms = await api(served, c.token).get('/api/Lookups/GetRooms');
    expect(rooms.json().items.map((r: { name: string }) => r.name)).toContain('Room 1');
    expect((await api(served).post('/api/WithoutAuthorize/ForgetPassword', { clinicName: c.clinicName, email: `owner@${c.clinicName}.test` })).statusCode).toBe(200);
    await served.database.db.insert(providerAdmins).values({ email: DEMO_ADMIN.email, passwordHash: await hashPassword(DEMO_ADMIN.password) });
    const admin = await api(served).post('/api/AdminAccount/Login', { Email: DEMO_ADMIN.email, Password: DEMO_ADMIN.password });
    expect(admin.statusCode).toBe(200);
    const list = await api(served, admin.json().token).get('/api/Lookups/GetClinics', { search: c.clinicName });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().items).toMatchObject([{ clinicName: c.clinicName, branchCount: 1, userCount: 1 }]);
  });

  it('runs the auto-missed job (main.ts gives it the request role)', async () => {
    const c = await newClinic(served);
    const room = await api(served, c.token).post('/api/Lookups/SaveRoom', { name: 'Room 1', color: '#079ee4' });
    const saved = await api(served, c.token).post(callPath(schedulerCalls.saveAppointment), {
      branchId: c.branchId, patientId: await newPatient(served, c), doctorId: c.ownerId, roomId: room.json().id,
      start: '2030-01-06T09:00:00+02:00', end: '2030-01-06T09:30:00+02:00',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await served.database.db.update(clinics).set({ autoUpdateAppointmentToMissed: true }).where(eq(clinics.id, c.clinicId));
    expect(await markMissedAppointments(database.db, served.app.deps.hub, new Date('2030-01-06T10:45:00+02:00'))).toBe(1);
    const [row] = await withTenant(database.db, c.clinicId, (tx) => tx.select().from(appointments).where(eq(appointments.id, saved.json().id)));
    expect(row).toMatchObject({ status: 'AS9' });
  });

  it('cannot step out of row-level security: RESET ROLE leaves it still under the clinic policies', async () => {
    const c = await newClinic(served);
    const seen = await withTenant(database.db, c.clinicId, async (tx) => {
      await tx.execute('reset role');
      await tx.execute(`select set_config('app.clinic_id', '', true)`);
      return (await tx.execute('select current_user as who, (select count(*)::int from users) as users')) as unknown as { rows: unknown[] };
    });
    expect(seen.rows).toEqual([{ who: role, users: 0 }]);
  });
});
