import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { testApp } from '../../../test/harness.js';
import { Client } from './pg-client.js';

const t = await testApp();
const pool = (t.database.db as unknown as { $client: unknown }).$client;
const onPostgres = pool instanceof pg.Pool;

describe.skipIf(!onPostgres)('the driver client (platform/db/pg-client.ts): the promise form through the callback form', () => {
  const url = () => (pool as pg.Pool).options.connectionString!;

  it('the server pools hand out this client', async () => {
    const client = await (pool as pg.Pool).connect();
    try {
      expect(client).toBeInstanceOf(Client);
    } finally {
      client.release();
    }
  });

  it('answers as pg does: text, values, a config object, a named statement, rows as arrays, several statements', async () => {
    const client = new Client({ connectionString: url() });
    await client.connect();
    try {
      expect((await client.query('select 1::int as n')).rows).toEqual([{ n: 1 }]);
      expect((await client.query('select $1::text as s', ['a'])).rows).toEqual([{ s: 'a' }]);
      expect((await client.query({ text: 'select $1::int + 1 as n', values: [41] })).rows).toEqual([{ n: 42 }]);
      for (const v of [1, 2, 3]) {
        const r = await client.query({ name: 'pg_client_test', text: 'select $1::int * 2 as n', values: [v] });
        expect(r.rows).toEqual([{ n: v * 2 }]);
      }
      expect((await client.query({ text: 'select 1 as a, 2 as b', rowMode: 'array' })).rows).toEqual([[1, 2]]);
      const several = (await client.query('select 1 as a; select 2 as b')) as unknown as pg.QueryResult[];
      expect(several.map((r) => r.rows)).toEqual([[{ a: 1 }], [{ b: 2 }]]);
      // the callback form is pg's own
      const viaCallback = await new Promise((resolve, reject) =>
        client.query('select 3 as c', (err: Error | null, res: pg.QueryResult) => (err ? reject(err) : resolve(res.rows))));
      expect(viaCallback).toEqual([{ c: 3 }]);
    } finally {
      await client.end();
    }
  });

  it('a failing statement rejects with the database error, a stack that names the caller, and the connection stays usable', async () => {
    const client = new Client({ connectionString: url() });
    await client.connect();
    try {
      const error = await client.query('select 1/0').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(pg.DatabaseError);
      expect((error as pg.DatabaseError).code).toBe('22012');
      expect((error as Error).stack).toContain('pg-client.int.test.ts');
      expect((await client.query('select 2 as n')).rows).toEqual([{ n: 2 }]);
    } finally {
      await client.end();
    }
  });
});
