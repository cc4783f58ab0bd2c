import { sql } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db, Tx } from './types.js';

export const APP_ROLE = 'app_user';
/**
 * The role whose members may serve requests (the login role of DATABASE_URL in production): app_user's rights, plus
 * what the server does outside a clinic's scope: every clinics row (login by clinic name, the provider console) and
 * the provider's own tables. Not an owner, so forced row-level security still applies to every clinic table.
 */
export const SERVER_ROLE = 'app_server';

/** A clinic's scope: its database, and the clinic's session stamp read on the way in (clinics.session_stamp). */
export interface TenantScope {
  db: Db;
  sessionStamp: string | null;
}

/**
 * Runs fn in a transaction scoped to one clinic: the clinic id is set for row-level security and the
 * transaction runs as the non-owner application role, so a query that forgets its clinic filter still
 * sees only this clinic's rows.
 */
export async function withTenant<T>(db: Db, clinicId: number, fn: (tx: Tx, scope: TenantScope) => Promise<T>): Promise<T> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) return pooledTenantTransaction(db, client, clinicId, fn);
  return embeddedTenantTransaction(db, clinicId, fn);
}

/** PGlite: drizzle's transaction (PGlite's own, which holds its one connection for the scope), read-only if asked. */
function embeddedTenantTransaction<T>(db: Db, clinicId: number, fn: (tx: Tx, scope: TenantScope) => Promise<T>, readOnly = false) {
  return db.transaction(async (tx) => {
    // one round trip: set_config('role', …, true) is SET LOCAL ROLE (the same setting, checked the same way); the
    // stamp is read with the connection's own role (app_server in production, which sees every clinics row: the
    // statement's rights are fixed before the role changes) for the session cache
    const result = (await tx.execute(
      sql`select set_config('app.clinic_id', ${String(clinicId)}, true), set_config('role', ${APP_ROLE}, true),
        (select session_stamp from clinics where id = ${clinicId})::text as stamp`,
    )) as unknown as { rows: Array<{ stamp: string | null }> };
    return fn(tx as unknown as Tx, { db, sessionStamp: result.rows[0]?.stamp ?? null });
  }, readOnly ? { accessMode: 'read only' } : undefined);
}

/**
 * The statements that open a clinic's transaction on PostgreSQL, sent as one simple-protocol message (one round trip
 * instead of two: BEGIN, then the settings). Only the clinic id is written into the text, and only as a checked
 * integer; the role is this file's constant.
 */
export function openTenantText(clinicId: number, readOnly = false) {
  const id = checkedClinicId(clinicId);
  return `begin${readOnly ? ' read only' : ''}; select set_config('app.clinic_id', '${id}', true), set_config('role', '${APP_ROLE}', true), ` +
    `(select session_stamp from clinics where id = ${id})::text as stamp`;
}

/**
 * node-postgres: drizzle's own transaction sends BEGIN and COMMIT as statements of their own through the extended
 * protocol (parse, bind, describe, execute, sync). Here the transaction is opened together with the tenant's settings
 * in one message (openTenantText) and ended with COMMIT (or ROLLBACK) in the simple protocol: three round trips for a
 * one-statement read instead of four. fn gets drizzle's transaction object on the same connection, so nested
 * transactions are savepoints as before.
 */
async function pooledTenantTransaction<T>(
  db: Db,
  pool: pg.Pool,
  clinicId: number,
  fn: (tx: Tx, scope: TenantScope) => Promise<T>,
  readOnly = false,
): Promise<T> {
  const text = openTenantText(clinicId, readOnly);
  const client = await pool.connect();
  // a connection whose ROLLBACK failed (it was lost, or is in a state this code does not know) is closed, not reused
  let reusable = true;
  const rollback = () => client.query('rollback').then(() => undefined, () => void (reusable = false));
  try {
    let stamp: string | null;
    try {
      const opened = (await client.query(text)) as unknown as Array<pg.QueryResult<{ stamp: string | null }>>;
      stamp = opened[1]?.rows[0]?.stamp ?? null;
    } catch (error) {
      await rollback(); // BEGIN ran, the select failed: the transaction is open and aborted
      throw error;
    }
    const { dialect } = db as unknown as { dialect: PgDialect };
    const tx = new NodePgTransaction(dialect, new NodePgSession(client, dialect, undefined), undefined) as unknown as Tx;
    let result: T;
    try {
      result = await fn(tx, { db, sessionStamp: stamp });
    } catch (error) {
      await rollback();
      throw error;
    }
    try {
      await client.query('commit');
    } catch (error) {
      await rollback(); // a COMMIT that failed has ended the transaction; this only checks that the connection lives
      throw error;
    }
    return result;
  } finally {
    client.release(reusable ? undefined : new Error('withTenant: the connection failed'));
  }
}

/**
 * The read pools of the PostgreSQL pools (database.ts opens one beside each pool): connections used only by
 * withTenantRead, read-only by their start-up options (default_transaction_read_only), and always carrying the
 * settings of the last clinic that read through them until the next read sets its own.
 */
const readPools = new WeakMap<pg.Pool, pg.Pool>();
export function registerReadPool(pool: pg.Pool, readPool: pg.Pool) {
  readPools.set(pool, readPool);
}

function checkedClinicId(clinicId: number) {
  if (!Number.isSafeInteger(clinicId) || clinicId <= 0) throw new Error(`withTenant: bad clinic id ${String(clinicId)}`);
  return clinicId;
}

/**
 * The message that scopes a read-pool connection to one clinic for the rest of its session: back to the login role
 * (whose rights read the session stamp of any clinic), then the clinic and the application role as session settings
 * (set_config(…, false)), and the stamp. One simple-protocol message, run as one implicit transaction: if any part
 * fails, none of it applies and the read does not run. Only the checked clinic id is written into the text.
 */
export function openTenantReadText(clinicId: number) {
  const id = checkedClinicId(clinicId);
  return `reset role; select set_config('app.clinic_id', '${id}', false), set_config('role', '${APP_ROLE}', false), ` +
    `(select session_stamp from clinics where id = ${id})::text as stamp`;
}

/**
 * Like withTenant, for a call that only reads (opted in with `registerCall(…, { read: true })`). On PostgreSQL it runs
 * without a transaction, on a connection of the read pool: one message sets the clinic, the role and reads the stamp,
 * then fn's statements run each on its own (autocommit) — two round trips for a one-statement read instead of three.
 * Nothing is left to undo: the read pool is used by nothing else, and every read sets all of its settings first.
 * Read committed gives every statement its own snapshot inside a transaction as well, so a read of several
 * statements sees what it saw before. The connection is read-only, so a write (or nextval) in fn fails instead of
 * committing piecemeal. On PGlite (one connection that concurrent requests share) it is a read-only transaction:
 * only a transaction keeps a scope to its own request there; so it is behind a transaction-mode pooler
 * (DATABASE_POOLER=transaction, platform/db/pooler.ts), where session settings do not stay with the next statement.
 */
export async function withTenantRead<T>(db: Db, clinicId: number, fn: (tx: Tx, scope: TenantScope) => Promise<T>): Promise<T> {
  const pool = (db as unknown as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) return embeddedTenantTransaction(db, clinicId, fn, true);
  // no read pool behind a transaction-mode pooler (DATABASE_POOLER=transaction): a read-only transaction
  const readPool = readPools.get(pool);
  if (!readPool) return pooledTenantTransaction(db, pool, clinicId, fn, true);
  const text = openTenantReadText(clinicId);
  const client = await readPool.connect();
  try {
    const opened = (await client.query(text)) as unknown as Array<pg.QueryResult<{ stamp: string | null }>>;
    const { dialect } = db as unknown as { dialect: PgDialect };
    const tx = new NodePgTransaction(dialect, new NodePgSession(client, dialect, undefined), undefined) as unknown as Tx;
    return await fn(tx, { db, sessionStamp: opened[1]?.rows[0]?.stamp ?? null });
  } finally {
    client.release(); // a connection that failed is dropped by the pool (not queryable)
  }
}

/**
 * Applied after every migration run, idempotent: the application role, its grants, and on every table with a
 * clinic_id column row-level security enabled, forced, and the tenant policy. Written once here so that no
 * new table can be forgotten.
 */
export const TENANCY_SQL = `
DO $$
DECLARE t record;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${APP_ROLE}') THEN
    CREATE ROLE ${APP_ROLE} NOLOGIN;
  END IF;
  BEGIN
    EXECUTE format('GRANT ${APP_ROLE} TO %I', current_user);
  EXCEPTION WHEN others THEN NULL;
  END;
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${SERVER_ROLE}') THEN
    CREATE ROLE ${SERVER_ROLE} NOLOGIN;
  END IF;
  IF NOT pg_has_role('${SERVER_ROLE}', '${APP_ROLE}', 'MEMBER') THEN
    GRANT ${APP_ROLE} TO ${SERVER_ROLE};
  END IF;
  GRANT USAGE ON SCHEMA public TO ${APP_ROLE};
  GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${APP_ROLE};
  GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${APP_ROLE};
  -- the provider's own tables are never reachable from a clinic's request
  REVOKE ALL ON provider_admins, login_attempts, mail_outbox FROM ${APP_ROLE};
  -- a clinic sees and edits only its own clinics row, and never its tier, active flag or id
  REVOKE ALL ON clinics FROM ${APP_ROLE};
  GRANT SELECT ON clinics TO ${APP_ROLE};
  EXECUTE (
    SELECT format('GRANT UPDATE (%s) ON clinics TO ${APP_ROLE}', string_agg(quote_ident(column_name), ', '))
    FROM information_schema.columns
    WHERE table_schema = 'public' AND table_name = 'clinics'
      AND column_name NOT IN ('id', 'subscription_type', 'is_active', 'created_at', 'session_stamp')
  );
  -- the request role, outside a clinic's scope: every clinic row, and the provider's tables
  GRANT SELECT, INSERT, UPDATE, DELETE ON clinics, provider_admins, login_attempts, mail_outbox TO ${SERVER_ROLE};
  IF NOT EXISTS (SELECT 1 FROM pg_policies WHERE schemaname = 'public' AND tablename = 'clinics' AND policyname = 'server_all') THEN
    CREATE POLICY server_all ON clinics TO ${SERVER_ROLE} USING (true) WITH CHECK (true);
  END IF;
  ALTER TABLE clinics ENABLE ROW LEVEL SECURITY;
  IF NOT EXISTS (SELECT 1 FROM pg_policies WHERE schemaname = 'public' AND tablename = 'clinics' AND policyname = 'clinic_self') THEN
    CREATE POLICY clinic_self ON clinics TO ${APP_ROLE}
      USING (id = nullif(current_setting('app.clinic_id', true), '')::bigint)
      WITH CHECK (id = nullif(current_setting('app.clinic_id', true), '')::bigint);
  END IF;
  FOR t IN
    SELECT c.table_name FROM information_schema.columns c
    JOIN information_schema.tables tb ON tb.table_schema = c.table_schema AND tb.table_name = c.table_name
    WHERE c.table_schema = 'public' AND c.column_name = 'clinic_id' AND tb.table_type = 'BASE TABLE'
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t.table_name);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t.table_name);
    IF NOT EXISTS (SELECT 1 FROM pg_policies WHERE schemaname = 'public' AND tablename = t.table_name AND policyname = 'tenant_isolation') THEN
      EXECUTE format(
        'CREATE POLICY tenant_isolation ON %I USING (clinic_id = nullif(current_setting(''app.clinic_id'', true), '''')::bigint) WITH CHECK (clinic_id = nullif(current_setting(''app.clinic_id'', true), '''')::bigint)',
        t.table_name);
    END IF;
  END LOOP;
END $$;
`;
