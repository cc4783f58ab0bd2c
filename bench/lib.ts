/** What every benchmark shares: a server on a fresh database, a clinic, timing helpers. */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/platform/config.js';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../apps/server/src/platform/db/database.js';
import { migrate } from '../apps/server/src/platform/db/migrate.js';
import { folderStore } from '../apps/server/src/platform/files/file-store.js';
import { createHub } from '../apps/server/src/platform/realtime/hub.js';
import { provisionClinic } from '../apps/server/src/platform/tenants/provision.js';

/**
 * A new database of its own on the PostgreSQL server of DATABASE_URL (dentix_bench_<random>, dropped by close()), so
 * that every run measures the same amount of data: the benchmarks add large clinics, and a database that keeps the
 * earlier runs' ones makes the floors themselves slower.
 */
async function throwawayPostgres(serverUrl: string): Promise<Database> {
  const name = `dentix_bench_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString());
  const close = database.close;
  database.close = async () => {
    await close();
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
  return database;
}

/**
 * A migrated database (in-memory PGlite, or a throwaway database on the PostgreSQL server of DATABASE_URL), the hub
 * and the app, not listening.
 */
export async function benchServer() {
  const dir = mkdtempSync(join(tmpdir(), 'dentix-bench-'));
  const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', SEED_DEMO: 'false', WEB_DIST: process.env.WEB_DIST });
  const database = process.env.DATABASE_URL ? await throwawayPostgres(process.env.DATABASE_URL) : await openPglite(undefined);
  await migrate(database);
  const hub = createHub(database);
  await hub.start();
  const app = await buildApp({ config, database, hub, files: folderStore(join(dir, 'files')), mailer: { send: async () => {} } });
  await app.ready();
  const close = async () => {
    await app.close();
    await hub.stop();
    await database.close();
  };
  return { app, database, hub, close };
}

/** A new ST3 clinic with its owner, and the owner's bearer token. */
export async function benchClinic(server: Awaited<ReturnType<typeof benchServer>>, prefix: string) {
  const clinicName = `${prefix}${Date.now().toString(36)}`;
  const provisioned = await provisionClinic(server.database.db, {
    clinicName, displayName: 'Bench', subscriptionType: 'ST3', branchName: 'Main',
    owner: { userName: 'owner', fullName: 'Owner', email: `owner@${prefix}.test`, password: 'Bench@1234' },
  });
  const token = await benchLogin(server, clinicName, 'owner');
  return { ...provisioned, clinicName, token, headers: { authorization: `Bearer ${token}` } };
}

export async function benchLogin(server: Awaited<ReturnType<typeof benchServer>>, clinicName: string, user: string) {
  const login = await server.app.inject({
    method: 'POST', url: `/api/WithoutAuthorize/${clinicName}/Login`, payload: { Email: user, Password: 'Bench@1234' },
  });
  if (login.statusCode !== 200) throw new Error(`login ${user}: ${login.body}`);
  return login.json().token as string;
}

export function stats(times: number[]) {
  times.sort((a, b) => a - b);
  const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!;
  return { p50: q(0.5), p95: q(0.95) };
}

/**
 * Times the floor and the call alternately, one of each per round (`calls` rounds after 10 warm-up rounds), so that
 * both see the same load on a shared machine (timing all of one and then all of the other let a burst of load land
 * on one side only). p50 and p95 in milliseconds.
 */
export async function timePair(floorFn: () => Promise<unknown>, callFn: () => Promise<unknown>, calls: number) {
  for (let i = 0; i < 10; i++) {
    await floorFn();
    await callFn();
  }
  const floor: number[] = [];
  const call: number[] = [];
  for (let i = 0; i < calls; i++) {
    for (const [fn, times] of [[floorFn, floor], [callFn, call]] as const) {
      const start = performance.now();
      await fn();
      times.push(performance.now() - start);
    }
  }
  return { floor: stats(floor), call: stats(call) };
}

/**
 * VACUUM ANALYZE as autovacuum would have by now: statistics, and the visibility map index-only scans rely on. A
 * concurrent autovacuum ANALYZE can hold back the vacuum's horizon and leave pages not all-visible: vacuum again
 * until they are.
 */
export async function vacuumTables(database: Awaited<ReturnType<typeof benchServer>>['database'], tables: string[]) {
  for (const table of tables) {
    for (let attempt = 0; attempt < 5; attempt++) {
      await database.exec(`vacuum analyze ${table}`);
      const [pages] = await database.query<{ relpages: number; relallvisible: number }>(
        'select relpages, relallvisible from pg_class where oid = $1::regclass', [table]);
      if (pages && pages.relallvisible >= pages.relpages) break;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

export function printMemory() {
  const mem = process.memoryUsage();
  console.log(`\nmemory: rss ${(mem.rss / 2 ** 20).toFixed(0)} MiB, heap used ${(mem.heapUsed / 2 ** 20).toFixed(0)} MiB`);
}
