import type { PGlite, Transaction } from '@electric-sql/pglite';
import { Client } from '../src/platform/db/pg-client.js';
import type { TestApp } from './harness.js';

/**
 * The statements the driver runs while `fn` runs (text, values, and on PostgreSQL the prepared statement's name):
 * the pools' Client.prototype.query (platform/db/pg-client.ts), or PGlite's transactions' query (a read runs in one on PGlite; so does a write).
 */
export async function recordStatements(t: TestApp, fn: () => Promise<unknown>) {
  const sent: Array<{ text: string; values: unknown[]; name?: string }> = [];
  type Query = (...args: unknown[]) => Promise<unknown>;
  const record = (args: unknown[]) => {
    const first = args[0] as string | { text: string; values?: unknown[]; name?: string };
    sent.push(typeof first === 'string' ? { text: first, values: (args[1] as unknown[]) ?? [] } : { text: first.text, values: first.values ?? (args[1] as unknown[]) ?? [], name: first.name });
  };
  if (t.database.kind === 'postgres') {
    const proto = Client.prototype as unknown as { query: Query };
    const query = proto.query;
    proto.query = function (this: unknown, ...args: unknown[]) {
      if (typeof args.at(-1) !== 'function') record(args);
      return query.apply(this, args);
    };
    try {
      await fn();
    } finally {
      proto.query = query;
    }
  } else {
    const client = (t.database.db as unknown as { $client: PGlite }).$client;
    const transaction = client.transaction;
    client.transaction = ((cb: (tx: Transaction) => Promise<unknown>) =>
      transaction.call(client, (tx) => cb(new Proxy(tx, {
        get: (target, key) => (key === 'query' ? (...args: unknown[]) => (record(args), (target.query as Query)(...args)) : Reflect.get(target, key)),
      })))) as PGlite['transaction'];
    try {
      await fn();
    } finally {
      delete (client as Partial<PGlite>).transaction;
    }
  }
  return sent;
}
