import type { Config } from '../config.js';
import type { Database } from './database.js';

/**
 * How DATABASE_URL reaches PostgreSQL (`DATABASE_POOLER`, docs/operations.md "Behind a connection pooler"):
 * - `session` (default): every client connection is one server session until it closes — PostgreSQL itself, or a
 *   pooler in session mode. The hot reads rely on it: named prepared statements (`runBuilt`, parsed and planned once
 *   per connection) and the read pool's session settings (`withTenantRead`: the clinic and role set by one message,
 *   used by the next).
 * - `transaction`: a pooler in transaction mode (PgBouncer's `pool_mode = transaction`, and most managed "pooled"
 *   endpoints), which hands each transaction (or autocommit statement) to any server connection. The hot reads then
 *   run in a read-only transaction and send unnamed statements, as every other call does.
 */
export type PoolerMode = 'session' | 'transaction';

/** A connection source as node-postgres's pg.Pool is one. */
export interface Connector {
  connect(): Promise<{ query(text: string): Promise<{ rows: Array<Record<string, unknown>> }>; release(): void }>;
}

/**
 * Whether two statements of one client connection run in the same server session. Two client connections a and b:
 * a asks its backend's pid; b opens a transaction and asks its own (a transaction-mode pooler hands b the server
 * connection a has just left, as PgBouncer reuses the last used one first); a asks again while b's transaction holds
 * that connection. Directly, or through a session-mode pooler, a keeps its pid and b's is another one.
 */
export async function sessionsPinned(source: Connector): Promise<boolean> {
  const pid = async (client: Awaited<ReturnType<Connector['connect']>>) =>
    String((await client.query('select pg_backend_pid() as pid')).rows[0]?.pid);
  const a = await source.connect();
  try {
    const b = await source.connect();
    try {
      const first = await pid(a);
      await b.query('begin');
      try {
        const other = await pid(b);
        const again = await pid(a);
        return first === again && first !== other;
      } finally {
        await b.query('rollback');
      }
    } finally {
      b.release();
    }
  } finally {
    a.release();
  }
}

/**
 * At start (PostgreSQL only): with DATABASE_POOLER=session (the default), refuses to start when the statements of one
 * connection do not stay in one server session, i.e. DATABASE_URL goes through a transaction-mode pooler: a named
 * prepared statement would be missing on the next server connection, and a read's clinic settings would apply to
 * another request's read.
 */
export async function assertPoolerMode(database: Database, config: Pick<Config, 'DATABASE_POOLER'>) {
  if (database.kind !== 'postgres' || config.DATABASE_POOLER === 'transaction') return;
  const pool = (database.db as unknown as { $client: Connector }).$client;
  if (await sessionsPinned(pool)) return;
  throw new Error(
    'DATABASE_URL goes through a connection pooler in transaction mode (two statements of one connection ran in ' +
      'different server sessions). Set DATABASE_POOLER=transaction (the hot reads then use transactions and unnamed ' +
      'statements), or connect directly or through a session-mode pool; see docs/operations.md "Behind a connection pooler".',
  );
}
