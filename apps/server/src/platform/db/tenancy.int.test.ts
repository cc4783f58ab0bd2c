import { describe, expect, it } from 'vitest';
import { api, newClinic, testApp } from '../../../test/harness.js';
import { users } from '../auth/identity.table.js';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { openPostgres } from './database.js';
import { openTenantReadText, openTenantText, withTenant, withTenantRead } from './tenancy.js';
import type { Db } from './types.js';

const t = await testApp();

describe('the database catalogue keeps clinics apart', () => {
  it('every table with clinic_id has it first in its primary key, forced RLS and the tenant policy', async () => {
    const rows = await t.database.query<{ table_name: string; pk: string[] | string; rls: boolean; forced: boolean; policies: number }>(`
      select c.relname as table_name,
        (select array_agg(a.attname order by k.ord) from pg_constraint con
           cross join unnest(con.conkey) with ordinality k(attnum, ord)
           join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum
          where con.conrelid = c.oid and con.contype = 'p') as pk,
        c.relrowsecurity as rls, c.relforcerowsecurity as forced,
        (select count(*)::int from pg_policies p where p.tablename = c.relname and p.policyname = 'tenant_isolation') as policies
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r'
        and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'clinic_id' and not a.attisdropped)`);
    expect(rows.length).toBeGreaterThan(3);
    for (const r of rows) {
      const pk = Array.isArray(r.pk) ? r.pk : String(r.pk).replace(/[{}]/g, '').split(',');
      expect({ table: r.table_name, pkHasClinic: pk[0] === 'clinic_id', rls: r.rls, forced: r.forced, policies: r.policies })
        .toEqual({ table: r.table_name, pkHasClinic: true, rls: true, forced: true, policies: 1 });
    }
  });

  // unique indexes and foreign keys of tenant tables (clinic_id a key column, equated on both sides): checked with the
  // rest of the distribution rules in distribution.int.test.ts

  it('with the session set to clinic A, a raw select of clinic B rows returns nothing', async () => {
    const a = await newClinic(t);
    const b = await newClinic(t);
    const seen = await withTenant(t.database.db, a.clinicId, (tx) => tx.select().from(users));
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((u) => u.clinicId === a.clinicId)).toBe(true);
    const raw = await withTenant(t.database.db, a.clinicId, (tx) => tx.execute(`select * from users where clinic_id = ${b.clinicId}`));
    expect((raw as { rows: unknown[] }).rows).toEqual([]);
  });

  it('a write into another clinic is refused by the policy, not just filtered', async () => {
    const a = await newClinic(t);
    const b = await newClinic(t);
    await expect(
      withTenant(t.database.db, a.clinicId, (tx) =>
        tx.insert(users).values({ clinicId: b.clinicId, userName: 'x', fullName: 'x', displayName: 'x', email: 'x@x.x', passwordHash: 'x', roleId: b.roleIds.RL4 }),
      ),
    ).rejects.toThrow();
    expect((await api(t, b.token).get('/api/Auth/RefreshCurrentUser')).statusCode).toBe(200);
  });

  it('a tenant transaction runs as the application role with the clinic set, and only inside it', async () => {
    const a = await newClinic(t);
    const inside = await withTenant(t.database.db, a.clinicId, (tx) =>
      tx.execute(`select current_user as role, current_setting('app.clinic_id') as clinic`),
    );
    expect((inside as { rows: unknown[] }).rows).toEqual([{ role: 'app_user', clinic: String(a.clinicId) }]);
    // the role's grants apply, not the login role's: the provider's tables stay out of reach
    await expect(withTenant(t.database.db, a.clinicId, (tx) => tx.execute('select * from provider_admins'))).rejects.toThrow();
    const [after] = await t.database.query<{ role: string; clinic: string | null }>(
      `select current_user as role, nullif(current_setting('app.clinic_id', true), '') as clinic`,
    );
    expect(after).toEqual({ role: expect.not.stringMatching(/^app_user$/), clinic: null });
  });

  it('with no clinic set, tenant tables show nothing', async () => {
    await newClinic(t);
    const raw = await t.database.db.transaction(async (tx) => {
      await tx.execute('set local role app_user');
      return tx.execute('select * from users');
    });
    expect((raw as { rows: unknown[] }).rows).toEqual([]);
  });
});

describe('the clinics row', () => {
  it('a clinic sees and updates only its own row, and can never change its tier or active flag', async () => {
    const a = await newClinic(t, { tier: 'ST0' });
    const b = await newClinic(t);
    const seen = await withTenant(t.database.db, a.clinicId, (tx) => tx.execute('select id from clinics'));
    expect((seen as { rows: Array<{ id: unknown }> }).rows.map((r) => Number(r.id))).toEqual([a.clinicId]);
    await withTenant(t.database.db, a.clinicId, (tx) => tx.execute(`update clinics set display_name = 'x' where id = ${b.clinicId}`));
    const [other] = await t.database.query<{ display_name: string }>(`select display_name from clinics where id = ${b.clinicId}`);
    expect(other!.display_name).not.toBe('x');
    await expect(
      withTenant(t.database.db, a.clinicId, (tx) => tx.execute(`update clinics set subscription_type = 'ST3' where id = ${a.clinicId}`)),
    ).rejects.toThrow();
    await withTenant(t.database.db, a.clinicId, (tx) => tx.execute(`update clinics set display_name = 'Renamed' where id = ${a.clinicId}`));
    const [own] = await t.database.query<{ display_name: string; subscription_type: string }>(`select display_name, subscription_type from clinics where id = ${a.clinicId}`);
    expect(own).toEqual({ display_name: 'Renamed', subscription_type: 'ST0' });
  });
});

/**
 * The database handle of one connection: on PostgreSQL a pool of one connection of its own on the test's database
 * (so that every scope below shares it, one after the other), on PGlite its only connection.
 */
function oneConnection() {
  const pool = (t.database.db as unknown as { $client: unknown }).$client;
  if (!(pool instanceof pg.Pool)) return { db: t.database.db, close: async () => {} };
  const single = new pg.Pool({ connectionString: pool.options.connectionString, max: 1 });
  return { db: drizzle(single) as unknown as Db, close: () => single.end() };
}

const rowsOf = (r: unknown) => (r as { rows: Array<Record<string, unknown>> }).rows;

describe('tenant scopes on one connection (issue 19: the scope is opened in one message)', () => {
  it('interleaved scopes of two clinics on one pooled connection each see only their own rows, and nothing is left on it', async () => {
    const a = await newClinic(t);
    const b = await newClinic(t);
    const one = oneConnection();
    try {
      const scope = (clinicId: number) =>
        withTenant(one.db, clinicId, async (tx) => {
          const first = rowsOf(await tx.execute(`select current_setting('app.clinic_id') as clinic, array_agg(distinct clinic_id)::text as seen from users`));
          const second = rowsOf(await tx.execute(`select current_setting('app.clinic_id') as clinic, (select count(*) from clinics)::int as clinics`));
          return { first: first[0], second: second[0] };
        });
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? b : a).clinicId).map(async (id) => ({ id, r: await scope(id) })));
      for (const { id, r } of results) {
        expect(r.first).toEqual({ clinic: String(id), seen: `{${id}}` });
        expect(r.second).toEqual({ clinic: String(id), clinics: 1 });
      }
      // after the scopes, the connection is the login role again, with no clinic set
      const after = rowsOf(await one.db.execute(`select current_user as role, nullif(current_setting('app.clinic_id', true), '') as clinic`));
      expect(after).toEqual([{ role: expect.not.stringMatching(/^app_user$/), clinic: null }]);
    } finally {
      await one.close();
    }
  });

  it('a scope that fails (in its handler, or in a statement) is rolled back and leaves the connection clean for the next one', async () => {
    const a = await newClinic(t);
    const b = await newClinic(t);
    const one = oneConnection();
    try {
      await expect(
        withTenant(one.db, a.clinicId, async (tx) => {
          await tx.execute(`update clinics set display_name = 'rolled back' where id = ${a.clinicId}`);
          throw new Error('handler failed');
        }),
      ).rejects.toThrow('handler failed');
      await expect(withTenant(one.db, a.clinicId, (tx) => tx.execute('select * from provider_admins'))).rejects.toThrow();
      const next = await withTenant(one.db, b.clinicId, (tx) => tx.execute('select id, display_name from clinics'));
      expect(rowsOf(next).map((r) => Number(r.id))).toEqual([b.clinicId]);
      const [own] = await t.database.query<{ display_name: string }>(`select display_name from clinics where id = ${a.clinicId}`);
      expect(own!.display_name).not.toBe('rolled back');
      const after = rowsOf(await one.db.execute(`select current_user as role, nullif(current_setting('app.clinic_id', true), '') as clinic`));
      expect(after).toEqual([{ role: expect.not.stringMatching(/^app_user$/), clinic: null }]);
    } finally {
      await one.close();
    }
  });

  it('the clinic id written into the opening message is a positive integer, nothing else', () => {
    expect(openTenantText(12)).toContain(`set_config('app.clinic_id', '12', true)`);
    for (const bad of [0, -1, 1.5, Number.NaN, 2 ** 60, '1; drop table users' as unknown as number])
      expect(() => openTenantText(bad)).toThrow(/bad clinic id/);
  });

  it('a scope reads its clinic\'s session stamp', async () => {
    const a = await newClinic(t);
    const [row] = await t.database.query<{ stamp: string }>(`select session_stamp::text as stamp from clinics where id = ${a.clinicId}`);
    const stamp = await withTenant(t.database.db, a.clinicId, async (_tx, scope) => scope.sessionStamp);
    expect(stamp).toBe(row!.stamp);
    expect(await withTenant(t.database.db, 2 ** 31 - 1, async (_tx, scope) => scope.sessionStamp)).toBeNull();
  });
});

describe('reads without a transaction (withTenantRead, issue 19)', () => {
  /** A database of one connection in each pool (PostgreSQL), or the same PGlite (where a read is a transaction). */
  async function oneConnectionEach() {
    const pool = (t.database.db as unknown as { $client: unknown }).$client;
    if (!(pool instanceof pg.Pool)) return { db: t.database.db, close: async () => {} };
    const database = await openPostgres(pool.options.connectionString!, 1);
    return { db: database.db, close: () => database.close() };
  }
  const settings = `select current_user as role, nullif(current_setting('app.clinic_id', true), '') as clinic`;

  it('reads of two clinics interleaved with transactions and unscoped queries each see only their own rows; the login role\'s queries see no clinic', async () => {
    const a = await newClinic(t);
    const b = await newClinic(t);
    const one = await oneConnectionEach();
    try {
      const read = (clinicId: number) =>
        withTenantRead(one.db, clinicId, async (tx, scope) => {
          const first = rowsOf(await tx.execute(`select current_setting('app.clinic_id') as clinic, current_user as role, array_agg(distinct clinic_id)::text as seen from users`));
          const second = rowsOf(await tx.execute(`select (select count(*) from clinics)::int as clinics, has_table_privilege('provider_admins', 'select') as admins`));
          return { first: first[0], second: second[0], stamp: scope.sessionStamp };
        });
      const write = (clinicId: number) =>
        withTenant(one.db, clinicId, async (tx) => rowsOf(await tx.execute(`select current_setting('app.clinic_id') as clinic, array_agg(distinct clinic_id)::text as seen from users`))[0]);
      const unscoped = async () => rowsOf(await one.db.execute(settings))[0];
      const jobs = Array.from({ length: 30 }, (_, i) => {
        const clinicId = (i % 2 ? b : a).clinicId;
        if (i % 5 === 4) return unscoped().then((r) => ({ kind: 'unscoped', clinicId, r }));
        if (i % 3 === 2) return write(clinicId).then((r) => ({ kind: 'write', clinicId, r }));
        return read(clinicId).then((r) => ({ kind: 'read', clinicId, r }));
      });
      for (const { kind, clinicId, r } of await Promise.all(jobs)) {
        if (kind === 'unscoped') expect(r).toEqual({ role: expect.not.stringMatching(/^app_user$/), clinic: null });
        else if (kind === 'write') expect(r).toEqual({ clinic: String(clinicId), seen: `{${clinicId}}` });
        else
          expect(r).toEqual({
            first: { clinic: String(clinicId), role: 'app_user', seen: `{${clinicId}}` },
            second: { clinics: 1, admins: false }, // the provider's table is out of the application role's reach
            stamp: expect.stringMatching(/^\d+$/),
          });
      }
    } finally {
      await one.close();
    }
  });

  it('a read that fails leaves the next read of another clinic scoped to that clinic; a write in a read is refused', async () => {
    const a = await newClinic(t);
    const b = await newClinic(t);
    const one = await oneConnectionEach();
    try {
      await expect(withTenantRead(one.db, a.clinicId, (tx) => tx.execute('select 1/0'))).rejects.toThrow();
      await expect(withTenantRead(one.db, a.clinicId, async () => { throw new Error('handler failed'); })).rejects.toThrow('handler failed');
      const next = await withTenantRead(one.db, b.clinicId, (tx) => tx.execute('select id from clinics'));
      expect(rowsOf(next).map((r) => Number(r.id))).toEqual([b.clinicId]);
      await expect(
        withTenantRead(one.db, b.clinicId, (tx) => tx.execute(`update clinics set display_name = 'written by a read' where id = ${b.clinicId}`)),
      ).rejects.toThrow();
      const [own] = await t.database.query<{ display_name: string }>(`select display_name from clinics where id = ${b.clinicId}`);
      expect(own!.display_name).not.toBe('written by a read');
    } finally {
      await one.close();
    }
  });

  it('only a positive integer is written into the read\'s opening message', () => {
    expect(openTenantReadText(7)).toContain(`set_config('app.clinic_id', '7', false)`);
    for (const bad of [0, -3, 2.5, Number.NaN, '7 or true' as unknown as number]) expect(() => openTenantReadText(bad)).toThrow(/bad clinic id/);
  });
});
