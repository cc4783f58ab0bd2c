import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { unnamedStatements } from './json-list.js';
import { Client } from './pg-client.js';
import type { PoolerMode } from './pooler.js';
import { registerReadPool } from './tenancy.js';
import type { Db } from './types.js';

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Runs raw SQL text (several statements allowed, no parameters): migrations and catalogue checks. */
  exec(sql: string): Promise<void>;
  /** Raw parameterised query returning rows, outside any tenant scope (catalogue checks, LISTEN helpers). */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /**
   * Subscribes to a NOTIFY channel; returns an unsubscribe function. `onResume` is called when listening comes back
   * after the connection was lost: notifications sent in between are lost, so what they would have said must be
   * read again.
   */
  listen(channel: string, onPayload: (payload: string) => void, onResume?: () => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  /**
   * Raw SQL for the job queue (pg-boss, platform/jobs): with values one parameterised statement, without them any
   * number of statements; returns the last statement's rows (STACK-NOTES trap 7).
   */
  raw(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /** Runs fn while holding a database-wide lock, so that start-up work (migrations, seeding) runs in one process at a time. */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The advisory lock key of start-up work (any constant unique to this application). */
const STARTUP_LOCK = 724_311_905;

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** PGlite has no lock between processes: hold a lock file so a second process on the same folder is refused. */
function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number(readFileSync(file, 'utf8'));
      if (owner && owner !== process.pid && isAlive(owner)) {
        throw new Error(
          `The data folder ${dir} is in use by another server process (pid ${owner}). ` +
            'Stop it first, or set DATA_DIR to another folder, or use a PostgreSQL server with DATABASE_URL.',
        );
      }
      rmSync(file, { force: true }); // stale lock from a process that is gone
    }
  }
  throw new Error(`Could not lock the data folder ${dir}`);
}

export async function openPglite(dataDir: string | undefined, opts: { lock?: boolean; loadDataDir?: Blob } = {}): Promise<Database> {
  const unlock = dataDir && opts.lock !== false ? lockDataDir(dataDir) : () => {};
  try {
    const client = await PGlite.create(dataDir ? join(dataDir, 'pg') : undefined, { loadDataDir: opts.loadDataDir });
    const db = drizzlePglite(client) as unknown as Db;
    return {
      kind: 'pglite',
      db,
      exec: async (text) => void (await client.exec(text)),
      query: async (text, params) => (await client.query(text, params)).rows as never,
      listen: async (channel, cb) => {
        const unsub = await client.listen(channel, cb);
        return async () => unsub();
      },
      notify: async (channel, payload) => void (await client.query('select pg_notify($1, $2)', [channel, payload])),
      raw: async (text, values) =>
        values?.length ? await client.query(text, values) : ((await client.exec(text)).at(-1) ?? { rows: [] }),
      exclusive: (fn) => fn(), // one process per data folder (the lock file)
      close: async () => {
        await client.close();
        unlock();
      },
    };
  } catch (err) {
    unlock();
    throw err;
  }
}

/**
 * `pooler: 'transaction'` (DATABASE_POOLER, platform/db/pooler.ts): DATABASE_URL is a transaction-mode pooler, so no
 * read pool (withTenantRead runs a read-only transaction) and no named prepared statements (runBuilt).
 */
export async function openPostgres(url: string, poolSize = 10, options: { pooler?: PoolerMode } = {}): Promise<Database> {
  const pool = new pg.Pool({ Client, connectionString: url, max: poolSize });
  const transactionPooler = options.pooler === 'transaction';
  if (transactionPooler) pool.on('connect', (client) => unnamedStatements(client));
  // An idle connection the server drops (restart, failover, admin command) must not crash the process:
  // the pool discards it and opens a new one on the next query.
  pool.on('error', (err) => console.warn('[db] idle connection lost:', err.message));
  // the connections of reads without a transaction (withTenantRead in tenancy.ts): read-only, used by nothing else;
  // opened when first needed, up to as many as the main pool's
  const urlOptions = URL.canParse(url) ? (new URL(url).searchParams.get('options') ?? '') : ''; // kept, not replaced
  const readPool = new pg.Pool({
    Client,
    connectionString: url,
    max: poolSize,
    options: `${urlOptions} -c default_transaction_read_only=on`.trim(),
  });
  readPool.on('error', (err) => console.warn('[db] idle read connection lost:', err.message));
  if (!transactionPooler) registerReadPool(pool, readPool);
  const db = drizzlePg(pool) as unknown as Db;
  const handlers = new Map<string, Set<(p: string) => void>>();
  // One connection holds every LISTEN. If the server drops it (restart, failover, an admin's terminate), it is
  // opened again after a growing pause (1 s doubling up to 30 s) and listens to every channel again; notifications
  // sent while it was gone are lost, which the channels' onResume callbacks are told.
  const resumes = new Map<string, Set<() => void>>();
  let everConnected = false;
  let listener: Promise<pg.Client> | undefined;
  let closing = false;
  let retryMs = 1000;
  const reconnectLater = (reason: string) => {
    if (closing) return;
    console.warn(`[db] LISTEN connection lost (${reason}); reconnecting in ${retryMs} ms`);
    listener = undefined;
    const wait = retryMs;
    retryMs = Math.min(retryMs * 2, 30_000);
    setTimeout(() => {
      if (closing || listener) return;
      listener = connectListener();
      listener.catch((err: Error) => reconnectLater(err.message));
    }, wait).unref();
  };
  const connectListener = async (): Promise<pg.Client> => {
    const client = new pg.Client({ connectionString: url });
    let connected = false;
    let lost = false;
    const onLost = (reason: string) => {
      if (!connected || lost) return;
      lost = true;
      reconnectLater(reason);
    };
    client.on('error', (err) => onLost(err.message));
    client.on('end', () => onLost('ended'));
    client.on('notification', (n) => handlers.get(n.channel)?.forEach((h) => h(n.payload ?? '')));
    try {
      await client.connect();
      for (const channel of handlers.keys()) await client.query(`LISTEN "${channel.replace(/"/g, '')}"`);
    } catch (err) {
      await client.end().catch(() => undefined);
      throw err;
    }
    connected = true;
    retryMs = 1000;
    if (everConnected)
      for (const callbacks of resumes.values())
        for (const resume of callbacks) {
          try {
            resume();
          } catch (err) {
            console.warn('[db] LISTEN resume callback failed', err);
          }
        }
    everConnected = true;
    return client;
  };
  return {
    kind: 'postgres',
    db,
    exec: async (text) => void (await pool.query(text)),
    query: async (text, params) => (await pool.query(text, params)).rows,
    listen: async (channel, cb, onResume) => {
      const pending = (listener ??= connectListener());
      // a first connection that fails is not kept: the next listen tries again
      const client = await pending.catch((err: unknown) => {
        if (listener === pending) listener = undefined;
        throw err;
      });
      if (!handlers.has(channel)) {
        handlers.set(channel, new Set());
        await client.query(`LISTEN "${channel.replace(/"/g, '')}"`);
      }
      handlers.get(channel)!.add(cb);
      if (onResume) {
        if (!resumes.has(channel)) resumes.set(channel, new Set());
        resumes.get(channel)!.add(onResume);
      }
      return async () => {
        handlers.get(channel)?.delete(cb);
        if (onResume) resumes.get(channel)?.delete(onResume);
      };
    },
    notify: async (channel, payload) => void (await pool.query('select pg_notify($1, $2)', [channel, payload])),
    raw: async (text, values) => {
      const result = (await pool.query(text, values)) as pg.QueryResult | pg.QueryResult[];
      return Array.isArray(result) ? (result.at(-1) ?? { rows: [] }) : result;
    },
    exclusive: async (fn) => {
      const holder = await pool.connect();
      try {
        await holder.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
        return await fn();
      } finally {
        await holder.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => undefined);
        holder.release();
      }
    },
    close: async () => {
      closing = true;
      await (await listener?.catch(() => undefined))?.end();
      await readPool.end();
      await pool.end();
    },
  };
}
