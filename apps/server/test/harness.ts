import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type CallDescriptor, type ClinicRoleCode, type PermissionKey, type Tier, normalizeName } from '@dental/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { expect, inject } from 'vitest';
import type { z } from 'zod';
import { buildApp } from '../src/app.js';
import { clinics, rolePermissions, roles, userBranches, users } from '../src/platform/auth/identity.table.js';
import { hashPassword } from '../src/platform/auth/passwords.js';
import { loadConfig } from '../src/platform/config.js';
import { type Database, openPglite, openPostgres } from '../src/platform/db/database.js';
import { withTenant } from '../src/platform/db/tenancy.js';
import type { Mailer } from '../src/platform/mail/mailer.js';
import { createHub } from '../src/platform/realtime/hub.js';
import { folderStore } from '../src/platform/files/file-store.js';
import { closeWithFile } from './open-apps.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { provisionClinic } from '../src/platform/tenants/provision.js';
import { nextNumber } from '../src/platform/db/counters.js';
import { patientBranches, patients, refreshSearchWords } from '../src/modules/patients/index.js';

export const PASSWORD = 'Test@1234';

/** A fresh database copied from the migrated template: one per test file. */
export async function freshDatabase(): Promise<Database> {
  const templateDatabase = inject('templateDatabase');
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (templateDatabase && serverUrl) {
    const name = `dentix_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${templateDatabase}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const database = await openPostgres(url.toString(), 4);
    const close = database.close;
    database.close = async () => {
      await close();
      const drop = new pg.Client({ connectionString: serverUrl });
      await drop.connect();
      await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await drop.end();
    };
    return database;
  }
  const dump = readFileSync(inject('templateDump')!);
  return openPglite(undefined, { loadDataDir: new Blob([dump]) });
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  mails: Array<{ to: string; subject: string; body: string }>;
}

/**
 * With TEST_DATABASE_REQUEST_ROLE=1 (PostgreSQL only), a second handle on the same database as a login role that is
 * only a member of app_server, as in production (docs/operations.md "Database roles"): the server then serves
 * requests with it while the test's own queries (`t.database`) still run as the superuser, an operator.
 */
async function requestRoleDatabase(database: Database): Promise<Database | undefined> {
  const role = inject('requestRole');
  if (!role || !process.env.TEST_DATABASE_URL) return undefined;
  const [row] = await database.query<{ name: string }>('select current_database() as name');
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.username = role;
  url.pathname = `/${row!.name}`;
  return openPostgres(url.toString(), 4);
}

/** The real server on a fresh database, closed after the file's tests (test/open-apps.ts). */
export async function testApp(overrides: Parameters<typeof loadConfig>[1] = {}): Promise<TestApp> {
  const database = await freshDatabase();
  const { close, ...t } = await appOn(database, overrides, await requestRoleDatabase(database));
  closeWithFile(close);
  return t;
}

/**
 * The real server on the given database (serving its requests with `served` when given); close() stops it and
 * closes the database(s).
 */
export async function appOn(
  database: Database,
  overrides: Parameters<typeof loadConfig>[1] = {},
  served: Database = database,
): Promise<TestApp & { close(): Promise<void> }> {
  const config = loadConfig(
    { DATA_DIR: '/tmp/dentix-test', TOKEN_SECRET: 'test-secret-test-secret-test-secret-42', LOG_LEVEL: 'silent', SEED_DEMO: 'false', TRUST_PROXY: '1' },
    { WEB_DIST: '/nonexistent', ...overrides },
  );
  const mails: TestApp['mails'] = [];
  const mailer: Mailer = { send: async (m) => void mails.push(m) };
  const hub = createHub(served);
  await hub.start();
  const files = folderStore(mkdtempSync(join(tmpdir(), 'dentix-files-')));
  const app = await buildApp({ config, database: served, hub, mailer, files });
  await app.ready();
  const close = async () => {
    await app.close();
    await hub.stop();
    if (served !== database) await served.close();
    await database.close();
  };
  return { app, database, mails, close };
}

let seq = 0;
const unique = () => `${Date.now().toString(36)}${(seq++).toString(36)}`;

export interface TestClinic {
  clinicId: number;
  clinicName: string;
  branchId: number;
  ownerId: number;
  roleIds: Record<ClinicRoleCode, number>;
  /** Token of the owner. */
  token: string;
}

/** A new clinic with its owner logged in. */
export async function newClinic(t: TestApp, opts: { tier?: Tier } = {}): Promise<TestClinic> {
  const clinicName = `c${unique()}`;
  const { clinic, branch, owner, roleIds } = await provisionClinic(t.database.db, {
    clinicName,
    displayName: `Clinic ${clinicName}`,
    subscriptionType: opts.tier ?? 'ST3',
    branchName: 'Main',
    owner: { userName: 'owner', fullName: 'Owner', email: `owner@${clinicName}.test`, password: PASSWORD },
  });
  const token = await login(t, clinicName, owner.email);
  return { clinicId: clinic.id, clinicName, branchId: branch.id, ownerId: owner.id, roleIds, token };
}

export async function setTier(t: TestApp, clinicId: number, tier: Tier) {
  await t.database.db.update(clinics).set({ subscriptionType: tier }).where(eq(clinics.id, clinicId));
}

/**
 * A user of the clinic with a custom role holding exactly these keys (acting as baseRole for route rules),
 * logged in; returns the token.
 */
export async function newUser(t: TestApp, c: TestClinic, permissions: readonly PermissionKey[], baseRole: ClinicRoleCode = 'RL2') {
  const name = `u${unique()}`;
  const hash = await hashPassword(PASSWORD);
  await withTenant(t.database.db, c.clinicId, async (tx) => {
    const [role] = await tx
      .insert(roles)
      .values({ clinicId: c.clinicId, baseRole, nameAr: name, nameEn: name })
      .returning({ id: roles.id });
    if (permissions.length)
      await tx.insert(rolePermissions).values(permissions.map((permissionKey) => ({ clinicId: c.clinicId, roleId: role!.id, permissionKey })));
    const [user] = await tx
      .insert(users)
      .values({ clinicId: c.clinicId, userName: name, fullName: name, displayName: name, email: `${name}@x.test`, passwordHash: hash, roleId: role!.id, branchId: c.branchId })
      .returning();
    await tx.insert(userBranches).values({ clinicId: c.clinicId, userId: user!.id, branchId: c.branchId });
  });
  return login(t, c.clinicName, `${name}@x.test`);
}

/** Replaces a role's keys (to test that changes apply on the next request). */
export async function setRoleKeys(t: TestApp, clinicId: number, roleId: number, keys: readonly PermissionKey[]) {
  await withTenant(t.database.db, clinicId, async (tx) => {
    await tx.delete(rolePermissions).where(and(eq(rolePermissions.clinicId, clinicId), eq(rolePermissions.roleId, roleId)));
    if (keys.length) await tx.insert(rolePermissions).values(keys.map((permissionKey) => ({ clinicId, roleId, permissionKey })));
  });
}

export async function login(t: TestApp, clinicName: string, email: string, password = PASSWORD) {
  const res = await t.app.inject({ method: 'POST', url: `/api/WithoutAuthorize/${clinicName}/Login`, payload: { Email: email, Password: password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  return res.json().token as string;
}

/** Calls the API as a user: GET sends the input as the query string, others as the JSON body. */
export function api(t: TestApp, token?: string, headers: Record<string, string> = {}) {
  const send = (method: 'GET' | 'POST' | 'DELETE', url: string, input?: Record<string, unknown>): Promise<LightMyRequestResponse> =>
    t.app.inject({
      method,
      url,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), language: 'en', ...headers },
      ...(method === 'GET'
        ? { query: Object.fromEntries(Object.entries(input ?? {}).map(([k, v]) => [k, String(v)])) }
        : { payload: input ?? {} }),
    });
  return {
    get: (url: string, query?: Record<string, unknown>) => send('GET', url, query),
    post: (url: string, body?: Record<string, unknown>) => send('POST', url, body),
    delete: (url: string, body?: Record<string, unknown>) => send('DELETE', url, body),
  };
}

/** A patient of the clinic written straight to the database (for tests of other modules); returns its id. */
export async function newPatient(t: TestApp, c: TestClinic, values: Partial<typeof patients.$inferInsert> = {}) {
  return withTenant(t.database.db, c.clinicId, async (tx) => {
    const name = values.name ?? `Patient ${unique()}`;
    const code = String(await nextNumber(tx, c.clinicId, 'patient'));
    const [row] = await tx
      .insert(patients)
      .values({ mobile: `+2010${String(Date.now() + seq++).slice(-8)}`, ...values, clinicId: c.clinicId, code, name, nameNormalized: normalizeName(name) })
      .returning({ id: patients.id });
    await tx.insert(patientBranches).values({ clinicId: c.clinicId, patientId: row!.id, branchId: c.branchId });
    await refreshSearchWords(tx, c.clinicId, [row!.id]);
    return row!.id;
  });
}

/**
 * Fires `n` requests at once (`call(i)` for i = 0..n-1, all started before any is awaited) and returns their
 * responses with a tally by status, and code for failures, e.g. { '200': 1, '409 appointment_doctor_busy': 49 }:
 * for race tests.
 */
export async function concurrently(n: number, call: (i: number) => Promise<LightMyRequestResponse>) {
  const responses = await Promise.all(Array.from({ length: n }, (_, i) => call(i)));
  const tally: Record<string, number> = {};
  for (const res of responses) {
    const key = res.statusCode < 300 ? String(res.statusCode) : `${res.statusCode} ${(res.json() as { code?: string }).code}`;
    tally[key] = (tally[key] ?? 0) + 1;
  }
  return { responses, tally };
}

/**
 * The answer of a call, checked against its descriptor's output schema: the success status, JSON, every field of the
 * schema with its type, no field the schema lacks, in the schema's order. For hot list reads whose JSON is built by
 * PostgreSQL and passed through without the check on every answer (`JsonText`, docs/architecture.md), every case of
 * their tests goes through this.
 */
export function expectContractAnswer<D extends CallDescriptor>(d: D, res: LightMyRequestResponse): z.output<D['output']> {
  expect(res.statusCode, res.body).toBe(d.status ?? 200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const answer: unknown = JSON.parse(res.body);
  const parsed = d.output.safeParse(answer);
  expect(parsed.error?.issues ?? [], res.body.slice(0, 500)).toEqual([]);
  // what the schema keeps, in its order, is the answer as sent (an extra or reordered field fails)
  expect(JSON.stringify(parsed.data)).toBe(JSON.stringify(answer));
  return parsed.data as z.output<D['output']>;
}
