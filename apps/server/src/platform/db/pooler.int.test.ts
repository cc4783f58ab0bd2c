import { callPath, patientsCalls, schedulerCalls } from '@dental/contract';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { api, appOn, newClinic, newPatient, testApp } from '../../../test/harness.js';
import { type Database, openPostgres } from './database.js';
import { type Connector, assertPoolerMode, sessionsPinned } from './pooler.js';

/**
 * DATABASE_POOLER (issue 19): the hot reads' named prepared statements and the read pool's session settings need one
 * server session per client connection. A transaction-mode pooler (PgBouncer's pool_mode = transaction) is refused at
 * start unless declared, and declared, the reads use transactions and unnamed statements.
 */
const t = await testApp();
const pool = (t.database.db as unknown as { $client: unknown }).$client;
const serverUrl = pool instanceof pg.Pool ? pool.options.connectionString : undefined;

/**
 * A transaction-mode pooler in the test's process: each statement outside a transaction goes to whichever server
 * connection of `server` is free, a transaction keeps its one from begin to commit or rollback (as PgBouncer's
 * pool_mode = transaction does; pg.Pool, like PgBouncer, hands out the connection used last first).
 */
function transactionPooler(server: pg.Pool): Connector {
  return {
    async connect() {
      let held: pg.PoolClient | undefined;
      return {
        async query(text: string) {
          const client = held ?? (await server.connect());
          try {
            const result = await client.query(text);
            if (/^\s*begin/i.test(text)) held = client;
            else if (/^\s*(commit|rollback)/i.test(text)) held = undefined;
            return result;
          } finally {
            if (held !== client) client.release();
          }
        },
        release() {
          held?.release();
          held = undefined;
        },
      };
    },
  };
}

describe.runIf(serverUrl)('the start-up check of the pooler mode', () => {
  it('a direct connection keeps one server session per connection: the check passes', async () => {
    expect(await sessionsPinned(pool as pg.Pool)).toBe(true);
    await expect(assertPoolerMode(t.database, { DATABASE_POOLER: 'session' })).resolves.toBeUndefined();
  });

  it('behind a transaction-mode pooler the server refuses to start unless DATABASE_POOLER=transaction', async () => {
    const server = new pg.Pool({ connectionString: serverUrl, max: 3 });
    try {
      const pooled = transactionPooler(server);
      expect(await sessionsPinned(pooled)).toBe(false);
      const database = { kind: 'postgres', db: { $client: pooled } } as unknown as Database;
      await expect(assertPoolerMode(database, { DATABASE_POOLER: 'session' })).rejects.toThrow(/transaction mode.*DATABASE_POOLER=transaction/s);
      await expect(assertPoolerMode(database, { DATABASE_POOLER: 'transaction' })).resolves.toBeUndefined();
    } finally {
      await server.end();
    }
  });
});

it('the embedded database is not checked', async () => {
  if (serverUrl) return;
  await expect(assertPoolerMode(t.database, { DATABASE_POOLER: 'session' })).resolves.toBeUndefined();
});

describe.runIf(serverUrl)('DATABASE_POOLER=transaction', () => {
  it('the hot reads answer the same, in read-only transactions, with no named statement', async () => {
    const c = await newClinic(t);
    for (const name of ['Ahmed Ali', 'Ahmed Samir', 'Mona Hassan']) await newPatient(t, c, { name, mobile: '+201001234567' });
    const database = await openPostgres(serverUrl!, 2, { pooler: 'transaction' });
    const behind = await appOn(database);
    try {
      const reads = [
        (a: typeof t) => api(a, c.token).post(callPath(patientsCalls.searchPatients), { page: 1, pageSize: 30 }),
        (a: typeof t) => api(a, c.token).post(callPath(patientsCalls.searchPatients), { page: 1, pageSize: 30, search: 'ahm' }),
        (a: typeof t) => api(a, c.token).post(callPath(patientsCalls.searchPatients), { page: 1, pageSize: 30, search: '0100123' }),
        (a: typeof t) => api(a, c.token).get(callPath(schedulerCalls.getAppointments), {
          from: '2026-01-01T00:00:00.000Z', to: '2026-01-08T00:00:00.000Z', branchId: c.branchId,
        }),
      ];
      // the statements node-postgres is asked to run, on every connection
      const sent: unknown[] = [];
      const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
      const query = proto.query;
      for (const read of reads) {
        const direct = await read(t);
        proto.query = function (this: unknown, ...args: unknown[]) {
          sent.push(args[0]);
          return query.apply(this, args);
        };
        let pooled;
        try {
          pooled = await read(behind);
        } finally {
          proto.query = query;
        }
        expect(direct.statusCode).toBe(200);
        expect(pooled.statusCode).toBe(200);
        expect(pooled.body).toBe(direct.body);
      }
      const texts = sent.map((s) => (typeof s === 'string' ? s : (s as { text: string }).text));
      expect(sent.filter((s) => typeof s === 'object' && s !== null && (s as { name?: string }).name)).toEqual([]);
      expect(texts.filter((s) => /^begin read only; select set_config\('app.clinic_id'/.test(s))).toHaveLength(reads.length);
      expect(texts.filter((s) => /^reset role/.test(s))).toEqual([]);
    } finally {
      await behind.close();
    }
  });
});
