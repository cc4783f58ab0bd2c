/** What every benchmark shares: a server on a fresh database, a clinic, timing helpers. */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import inspector from 'node:inspector';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/platform/config.js';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../apps/server/src/platform/db/types.js';
import { withTenant, withTenantRead } from '../apps/server/src/platform/db/tenancy.js';
import { type Database, openPglite, openPostgres } from '../apps/server/src/platform/db/database.js';
import { Client } from '../apps/server/src/platform/db/pg-client.js';
import { migrate } from '../apps/server/src/platform/db/migrate.js';
import { folderStore } from '../apps/server/src/platform/files/file-store.js';
import { createHub } from '../apps/server/src/platform/realtime/hub.js';
import { provisionClinic } from '../apps/server/src/platform/tenants/provision.js';

/**
 * A new database of its own on the PostgreSQL server of DATABASE_URL (dentix_bench_<random>, dropped by close()), so
 * that every run measures the same amount of data: the benchmarks add large clinics, and a database that keeps the
 * earlier runs' ones makes the floors themselves slower.
 */
async function throwawayPostgres(serverUrl: string): Promise<Database & { url: string }> {
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
  return Object.assign(database, { url: url.toString() });
}

/**
 * A migrated database (in-memory PGlite, or a throwaway database on the PostgreSQL server of DATABASE_URL), the hub
 * and the app, not listening.
 */
export async function benchServer() {
  const dir = mkdtempSync(join(tmpdir(), 'dentix-bench-'));
  const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', SEED_DEMO: 'false', WEB_DIST: process.env.WEB_DIST });
  const database: Database & { url?: string } = process.env.DATABASE_URL
    ? await throwawayPostgres(process.env.DATABASE_URL)
    : await openPglite(undefined);
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

/** Raw SQL in a bench seed's transaction, answering its rows. */
export const sqlRunner = (tx: Tx) => async (text: string) =>
  (await tx.execute(sql.raw(text))) as unknown as { rows: Array<Record<string, number>> };

/**
 * The bench clinic's extra branches (named "Branch 2" ...) and its doctors (RL3, every branch), seeded in SQL in
 * the clinic's transaction: their ids, the clinic's first branch first.
 */
export async function seedBranchesAndDoctors(tx: Tx, clinic: Awaited<ReturnType<typeof benchClinic>>, branches: number, doctors: number) {
  const run = sqlRunner(tx);
  const clinicId = clinic.clinic.id;
  const branchRows = await run(`insert into branches (clinic_id, name)
    select ${clinicId}, 'Branch ' || g from generate_series(2, ${branches}) g returning id`);
  const branchIds = [clinic.branch.id, ...branchRows.rows.map((r) => Number(r.id))];
  const doctorRows = await run(`insert into users (clinic_id, user_name, full_name, display_name, email, password_hash, role_id, branch_id, is_doctor)
    select ${clinicId}, 'doctor' || g, 'Doctor ' || g, 'Doctor ' || g, 'doctor' || g || '@${clinic.clinicName}.test', password_hash,
      ${clinic.roleIds.RL3}, ${clinic.branch.id}, true
    from users, generate_series(1, ${doctors}) g where users.id = ${clinic.owner.id} returning id`);
  const doctorIds = doctorRows.rows.map((r) => Number(r.id));
  await run(`insert into user_branches (clinic_id, user_id, branch_id)
    select ${clinicId}, u, b from unnest(array[${doctorIds.join(',')}]::bigint[]) u, unnest(array[${branchIds.join(',')}]::bigint[]) b
    on conflict do nothing`);
  return { branchIds, doctorIds };
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
 * Times functions alternately, one of each per round (`calls` rounds after 10 warm-up rounds), so that all see the
 * same load on a shared machine (timing all of one and then all of the other let a burst of load land on one side
 * only). p50 and p95 in milliseconds, in the order given.
 */
export async function timeAlternately(fns: Array<() => Promise<unknown>>, calls: number) {
  for (let i = 0; i < 10; i++) for (const fn of fns) await fn();
  const times = fns.map((): number[] => []);
  for (let i = 0; i < calls; i++) {
    for (const [k, fn] of fns.entries()) {
      const start = performance.now();
      const result = await fn();
      // a call timed by its own client (httpCaller) answers its time
      times[k]!.push(result instanceof TimedAnswer ? result.ms : performance.now() - start);
    }
  }
  return times.map(stats);
}

/** An HTTP answer with the time its client measured (httpCaller). */
export class TimedAnswer {
  constructor(readonly ms: number, readonly statusCode: number, readonly body: string) {}
}

/**
 * The sequential lines' calls over real HTTP, as a clinic's browser sends them: one keep-alive connection from a
 * client in a worker thread of its own (http-caller.mjs), which times each request from its start to the answer's
 * last byte. Not app.inject: light-my-request's fake request and response kept every request's objects alive past
 * the minor collections (each injected request's objects were promoted to the old generation: 6-8 KB per
 * /api/health against none over HTTP, on Node 20 and 24 alike), so the calls paid for collections that the server
 * does not cause; see bench/README.md, session 17. One request at a time.
 */
export function httpCaller(base: string) {
  const worker = new Worker(new URL('./http-caller.mjs', import.meta.url), { workerData: { base }, execArgv: [] });
  worker.unref();
  return {
    call(request: { method?: string; url: string; headers?: Record<string, string>; payload?: object }) {
      const body = request.payload === undefined ? undefined : JSON.stringify(request.payload);
      const headers = body === undefined ? request.headers : { ...request.headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) };
      return new Promise<TimedAnswer>((resolve, reject) => {
        worker.once('message', (m: { ms: number; statusCode: number; body: string; error?: string }) =>
          m.error ? reject(new Error(m.error)) : resolve(new TimedAnswer(m.ms, m.statusCode, m.body)));
        worker.postMessage({ method: request.method ?? 'GET', path: request.url, headers, body });
      });
    },
    close: () => worker.terminate(),
  };
}

/**
 * The app listening on a free port of 127.0.0.1: its base address and a sequential caller (httpCaller). Beside it,
 * `overHttp(floors)`: the read's JSON floor answered over HTTP by a bare node:http server (no framework, no token, no
 * session: it runs the JSON floor's statements and writes the list's text), called by a client like the calls' own —
 * what any HTTP server pays on this machine to hand out that floor (sequentialLine's `HTTP` columns).
 */
export async function listenForCalls(app: Awaited<ReturnType<typeof benchServer>>['app']) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const caller = httpCaller(base);
  const served: Array<() => Promise<string>> = [];
  const bare = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      served[Number(req.url!.slice(1))]!().then(
        (text) => res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(text),
        (error: unknown) => res.writeHead(500).end(String(error)),
      );
    });
  });
  bare.keepAliveTimeout = 600_000; // the floor's connection waits while other lines run
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const bareCaller = httpCaller(`http://127.0.0.1:${(bare.address() as AddressInfo).port}`);
  const overHttp = (floors: Pick<Floors, 'sqlJson' | 'mainIndex'>, request: { method?: string; headers?: Record<string, string>; payload?: object } = {}) => {
    const id = served.push(async () => jsonTextOf(((await floors.sqlJson()) as Array<{ rows: unknown[] }>)[floors.mainIndex]!.rows) ?? '') - 1;
    return async () => {
      const answer = await bareCaller.call({ ...request, url: `/${id}` });
      if (answer.statusCode !== 200) throw new Error(`the HTTP floor: ${answer.body}`);
      return answer;
    };
  };
  return {
    base,
    http: {
      call: caller.call,
      overHttp,
      close: async () => {
        await caller.close();
        await bareCaller.close();
        bare.closeAllConnections();
        await new Promise((resolve) => bare.close(resolve));
      },
    },
  };
}

/**
 * `clients` concurrent loops, each calling fn again as soon as it answers, for `seconds`. fn returns false (or
 * throws) for a failed request. Requests per second of the answered ones, and their p50/p95.
 */
type Clients = Awaited<ReturnType<typeof runClients>>;

/** Slices of one load as one: requests per second over their time together, p50/p95 over all their requests. */
function merged(slices: Clients[]): Clients {
  const times = slices.flatMap((s) => s.times);
  const elapsed = slices.reduce((t, s) => t + s.elapsed, 0);
  return { rps: times.length / (elapsed / 1000), failed: slices.reduce((f, s) => f + s.failed, 0), times, elapsed, ...stats(times) };
}

export async function runClients(clients: number, seconds: number, fn: () => Promise<unknown>) {
  const times: number[] = [];
  let failed = 0;
  const begin = performance.now();
  const until = begin + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until) {
        const start = performance.now();
        const ok = await fn().catch(() => false);
        if (ok === false) failed++;
        else times.push(performance.now() - start);
      }
    }),
  );
  const elapsed = performance.now() - begin;
  return { rps: times.length / (elapsed / 1000), failed, times, elapsed, ...stats(times) };
}

/** One HTTP request of a throughput line, sent by runHttpClients. */
export interface HttpLoad {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

/**
 * runClients over real HTTP, the clients in a worker thread of their own (node:http, keep-alive): the load's own CPU
 * (building requests, reading answers) is not spent on the server's thread, as a clinic's browsers are not; in the
 * first version the clients (fetch) shared the server's event loop and took about a third of its CPU (profile of the
 * patients list under 50 clients, issue 19). The floors' callers stay in this thread: they are the driver's work.
 * `run(seconds)` runs one slice; the worker (warm, its connections open) stays until `close()`.
 */
export function httpClients(clients: number, load: HttpLoad) {
  const headers = { ...load.headers, ...(load.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(load.body)) }) };
  const worker = new Worker(new URL('./http-clients.mjs', import.meta.url), {
    workerData: { url: load.url, method: load.method ?? 'GET', headers, body: load.body, clients },
    execArgv: [],
  });
  return {
    async run(seconds: number): Promise<Clients> {
      const result = new Promise<{ times: number[]; failed: number; elapsed: number }>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      });
      worker.postMessage({ seconds });
      const { times, failed, elapsed } = await result;
      worker.removeAllListeners('error');
      return { rps: times.length / (elapsed / 1000), failed, times, elapsed, ...stats(times) };
    },
    close: () => worker.terminate(),
  };
}

export async function runHttpClients(clients: number, seconds: number, load: HttpLoad) {
  const http = httpClients(clients, load);
  try {
    await http.run(Math.min(1, seconds)); // warm-up
    return await http.run(seconds);
  } finally {
    await http.close();
  }
}

/** A request over real HTTP, its body read to the end; true for a 2xx answer. */
export async function fetchOk(url: string, init?: RequestInit) {
  const res = await fetch(url, init);
  await res.arrayBuffer();
  return res.ok;
}

type BenchDatabase = Awaited<ReturnType<typeof benchServer>>['database'];
type QueryFn = (...args: unknown[]) => Promise<{ rows: unknown[]; fields?: Array<{ name: string }> }>;

/** One statement as the application asked its driver to run it: the arguments of the driver's query call, as sent. */
export interface SentStatement {
  text: string;
  params: unknown[];
  /** PGlite: the transaction it ran in (PGlite sends that BEGIN/COMMIT itself); node-postgres sends them as statements. */
  transaction?: number;
  args: unknown[];
  fields: string[];
  rows: number;
  /** It answered one row holding a JSON array or object as text: a list built by PostgreSQL and passed through. */
  json: boolean;
}

/** The JSON text of a one-row answer (the first text value that is a JSON array or object), if any. */
function jsonTextOf(rows: unknown[]) {
  const isJson = (v: unknown): v is string => {
    if (typeof v !== 'string' || !/^[[{]/.test(v)) return false;
    try {
      JSON.parse(v);
      return true;
    } catch {
      return false;
    }
  };
  return rows.length === 1 ? Object.values(rows[0] as object).find(isJson) : undefined;
}

/**
 * The statements the driver is asked to run while fn runs (e.g. one request through app.inject): PGlite's `query`
 * and its transactions' `query`, or node-postgres's `Client.prototype.query` (every pooled connection's), wrapped
 * for the duration of fn only. Run nothing else meanwhile.
 */
export async function recordStatements(database: BenchDatabase, fn: () => Promise<unknown>) {
  const sent: SentStatement[] = [];
  const recorder = (query: QueryFn, self: unknown, transaction?: number) => async (...args: unknown[]) => {
    const answer = (await query.apply(self, args)) as Awaited<ReturnType<QueryFn>> | Array<Awaited<ReturnType<QueryFn>>>;
    // several statements in one simple-protocol message (the tenant scope's opening): node-postgres answers a list
    const results = Array.isArray(answer) ? answer : [answer];
    const result = results.reduce((best, r) => (r.rows.length > best.rows.length ? r : best));
    const first = args[0] as string | { text: string; values?: unknown[] };
    sent.push({
      text: typeof first === 'string' ? first : first.text,
      params: (args[1] as unknown[] | undefined) ?? (typeof first === 'string' ? [] : (first.values ?? [])),
      transaction, args, fields: (result.fields ?? []).map((f) => f.name), rows: result.rows.length,
      json: jsonTextOf(result.rows) !== undefined,
    });
    return answer as Awaited<ReturnType<QueryFn>>;
  };
  if (database.kind === 'pglite') {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const transaction = client.transaction;
    let transactions = 0;
    client.query = recorder(client.query as QueryFn, client) as PGlite['query'];
    client.transaction = ((cb: (tx: Transaction) => Promise<unknown>) =>
      transaction.call(client, (tx) => {
        const id = ++transactions;
        const query = recorder(tx.query as QueryFn, tx, id);
        return cb(new Proxy(tx, { get: (target, key) => (key === 'query' ? query : Reflect.get(target, key)) }));
      })) as PGlite['transaction'];
    try {
      await fn();
    } finally {
      delete (client as Partial<PGlite>).query;
      delete (client as Partial<PGlite>).transaction;
    }
  } else {
    const proto = Client.prototype as unknown as { query: QueryFn };
    const query = proto.query;
    // callback-style calls (the pool's own) pass through unrecorded; the application's driver uses promises
    proto.query = function (this: unknown, ...args: unknown[]) {
      return typeof args.at(-1) === 'function' ? query.apply(this, args) : recorder(query, this)(...args);
    };
    try {
      await fn();
    } finally {
      proto.query = query;
    }
  }
  return sent;
}

/**
 * The same statements with the main list statement (the one returning the most rows) wrapped so that PostgreSQL builds
 * the response's JSON and the driver passes one text through: `select coalesce(json_agg(t), '[]')::text from (<the
 * statement>) t(<its column names>)` with the same parameters (duplicate column names get a suffix, so that every key
 * is kept). A call that already has PostgreSQL build its list's JSON (a statement answering one row with a JSON text,
 * docs/architecture.md §10) is its own JSON floor: its statements are kept as sent (`passedThrough`), not wrapped
 * once more (which would make the floor slower than the call's own SQL).
 */
export function withJsonList(statements: SentStatement[]) {
  const passed = statements.findIndex((s) => s.json);
  if (passed >= 0) return { statements, main: passed, passedThrough: true };
  const main = statements.reduce((best, s, i) => (s.rows > statements[best]!.rows ? i : best), 0);
  const s = statements[main]!;
  const seen = new Map<string, number>();
  const columns = s.fields.map((name) => {
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    return `"${(n > 1 ? `${name}_${n}` : name).replace(/"/g, '""')}"`;
  });
  const text = `select coalesce(json_agg(t), '[]')::text as json from (${s.text}) t(${columns.join(', ')})`;
  const first = s.args[0];
  const args = [typeof first === 'string' ? text : { ...(first as object), text, name: undefined, rowMode: undefined }, ...s.args.slice(1)];
  return { statements: statements.map((x, i) => (i === main ? { ...x, text, args, fields: ['json'], rows: 1 } : x)), main, passedThrough: false };
}

/**
 * Where the floors run: PGlite's one connection, or a pool of `connections` of their own to the benchmark's
 * PostgreSQL database (not the server's pool). run() replays statements exactly as recorded — on PostgreSQL on one
 * pooled connection, begin and commit included; on PGlite each recorded transaction as one transaction — and returns
 * the results.
 */
export function floorDriver(database: BenchDatabase, connections: number) {
  if (database.kind === 'pglite') {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const run = async (statements: SentStatement[]) => {
      const results: unknown[] = [];
      for (let i = 0; i < statements.length; ) {
        const s = statements[i]!;
        if (s.transaction === undefined) {
          results.push(await (client.query as QueryFn)(...s.args));
          i++;
          continue;
        }
        const group: SentStatement[] = [];
        while (statements[i]?.transaction === s.transaction) group.push(statements[i++]!);
        await client.transaction(async (tx) => {
          for (const g of group) results.push(await (tx.query as QueryFn)(...g.args));
        });
      }
      return results;
    };
    return { run, close: async () => {} };
  }
  const pool = new pg.Pool({ Client, connectionString: database.url, max: connections });
  const run = async (statements: SentStatement[]) => {
    const client = await pool.connect();
    try {
      const results: unknown[] = [];
      for (const s of statements) results.push(await (client.query as unknown as QueryFn).apply(client, s.args));
      return results;
    } finally {
      client.release();
    }
  };
  return { run, close: () => pool.end() };
}

/**
 * The two floors of one read, from the statements one call sends (recorded during `once`): `rows` replays them as
 * sent (the driver returns the rows), `json` the same with PostgreSQL building the main list's JSON. Also the main
 * statement's row count and the JSON's size. BENCH_SQL=1 prints the statements (the main one marked *).
 */
export async function readFloors(database: BenchDatabase, driver: ReturnType<typeof floorDriver>, once: () => Promise<unknown>) {
  await once(); // warm: the session cache, prepared plans
  const sent = await recordStatements(database, once);
  if (!sent.length) throw new Error('the call sent no statement');
  const json = withJsonList(sent);
  if (process.env.BENCH_SQL)
    for (const [i, x] of json.statements.entries())
      console.log(`      ${i === json.main ? '*' : ' '} ${x.text.replace(/\s+/g, ' ').slice(0, 300)}  ${JSON.stringify(x.params).slice(0, 200)}  → ${sent[i]!.rows} rows`);
  const results = (await driver.run(json.statements)) as Array<{ rows: unknown[] }>;
  const text = jsonTextOf(results[json.main]!.rows) ?? '';
  return {
    statements: sent.length, rows: sent[json.main]!.rows, jsonBytes: Buffer.byteLength(text), passedThrough: json.passedThrough,
    main: sent[json.main]!, mainIndex: json.main, statementsSent: json.statements,
    sql: () => driver.run(sent), sqlJson: () => driver.run(json.statements),
  };
}

export type Floors = Awaited<ReturnType<typeof readFloors>>;

/** The recorded statements with no statement name: node-postgres then parses and plans each with its values (unnamed). */
function unnamed(statements: SentStatement[]) {
  return statements.map((s) => {
    const first = s.args[0];
    if (typeof first !== 'object' || first === null || !('name' in first)) return s;
    return { ...s, args: [{ ...(first as object), name: undefined }, ...s.args.slice(1)] };
  });
}

/**
 * Where a small read's time beyond its floor goes (PostgreSQL, a read sent as a named prepared statement): timed
 * alternately, the call, its JSON floor as sent (named: after five executions on a connection PostgreSQL may keep a
 * generic plan), the same statements unnamed (a custom plan for these values every time), and `fixed`, a call whose
 * SQL is trivial (the server's own work per request: HTTP parsing, token, session, the tenant scope). Prints p50/p95 of
 * each. Returns them.
 */
export async function namedAgainstUnnamed(
  name: string,
  floors: Floors,
  driver: ReturnType<typeof floorDriver>,
  call: () => Promise<unknown>,
  fixed: () => Promise<unknown>,
  calls: number,
) {
  const plain = unnamed(floors.statementsSent);
  const [c, named, custom, base] = await timeAlternately([call, floors.sqlJson, () => driver.run(plain), fixed], calls);
  console.log(
    `   ${name}`.padEnd(46), `${ms(c!.p50)} / ${ms(c!.p95)}`.padStart(15), `${ms(named!.p50)} / ${ms(named!.p95)}`.padStart(15),
    `${ms(custom!.p50)} / ${ms(custom!.p95)}`.padStart(15), `${ms(base!.p50)} / ${ms(base!.p95)}`.padStart(15),
  );
  return { call: c!, named: named!, unnamed: custom!, fixed: base! };
}
const pct = (x: number) => `${(x * 100).toFixed(0)}%`;
const ms = (x: number) => x.toFixed(2);

/** Issue 19's targets: sequential p95 ≤ 1.5 × the JSON floor's; 50-client throughput ≥ 67 % of the JSON floor's. */
export const TARGET = { p95Ratio: 1.5, throughputShare: 0.67 };

/**
 * Sequential: the call (through the server), the SQL floor, the JSON floor and the JSON floor over HTTP
 * (`listenForCalls().http.overHttp`) timed alternately; prints one line (see sequentialHeader). The target is issue
 * 19's, against the JSON floor; `÷HTTP` shows what the server adds beyond what a bare HTTP server pays to hand out the
 * same floor. Returns whether the target is met.
 */
export async function sequentialLine(name: string, floors: Floors, call: () => Promise<unknown>, calls: number, overHttp: () => Promise<unknown>) {
  const [c, rows, json, web] = await profiled(`sequential ${name}`, () => timeAlternately([call, floors.sql, floors.sqlJson, overHttp], calls));
  const met = c!.p95 <= TARGET.p95Ratio * json!.p95;
  console.log(
    `   ${name}`.padEnd(46), (floors.passedThrough ? 'json' : String(floors.rows)).padStart(6), String(floors.statements).padStart(5), (floors.jsonBytes / 1024).toFixed(1).padStart(8),
    ms(c!.p50).padStart(9), ms(c!.p95).padStart(9), ms(rows!.p95).padStart(9), ms(json!.p50).padStart(9), ms(json!.p95).padStart(9),
    ms(web!.p50).padStart(9), ms(web!.p95).padStart(9),
    `${(c!.p95 / rows!.p95).toFixed(2)}x`.padStart(9), `${(c!.p95 / json!.p95).toFixed(2)}x`.padStart(9), `${(c!.p95 / web!.p95).toFixed(2)}x`.padStart(9),
    met ? '  met' : '  MISSED',
  );
  return { name, met, call: c!, rows: rows!, json: json!, http: web! };
}

export function sequentialHeader(title: string) {
  console.log(
    title.padEnd(46), 'rows'.padStart(6), 'stmts'.padStart(5), 'JSON KB'.padStart(8), 'call p50'.padStart(9), 'call p95'.padStart(9),
    'SQL p95'.padStart(9), 'JSON p50'.padStart(9), 'JSON p95'.padStart(9), 'HTTP p50'.padStart(9), 'HTTP p95'.padStart(9),
    '÷SQL'.padStart(9), '÷JSON'.padStart(9), '÷HTTP'.padStart(9), `  target ≤ ${TARGET.p95Ratio}x JSON`,
  );
}

/**
 * BENCH_CPU_PROFILE=<prefix>: the process's CPU profile (server, its driver and the HTTP clients, all in this process)
 * while fn runs, written to `<prefix>-<name>.cpuprofile` (open it in Chrome's DevTools or speedscope).
 */
async function profiled<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const prefix = process.env.BENCH_CPU_PROFILE;
  if (!prefix) return fn();
  const session = new inspector.Session();
  session.connect();
  const post = (method: string) =>
    new Promise<unknown>((resolve, reject) => session.post(method, (err, result) => (err ? reject(err) : resolve(result))));
  await post('Profiler.enable');
  await post('Profiler.start');
  try {
    return await fn();
  } finally {
    const { profile } = (await post('Profiler.stop')) as { profile: unknown };
    writeFileSync(`${prefix}-${name.replace(/[^A-Za-z0-9]+/g, '-')}.cpuprofile`, JSON.stringify(profile));
    session.disconnect();
  }
}

/**
 * Throughput with `clients` concurrent clients for `seconds` each: the call over HTTP, then the SQL floor, then the
 * JSON floor (through `driver`, i.e. a pool of `clients` connections on PostgreSQL, PGlite's one connection); prints
 * one line. Returns whether the target is met.
 */
export async function throughputLine(name: string, floors: Floors, call: HttpLoad, clients: number, seconds: number) {
  // in one-second slices taken in turn, so that load from other processes on a shared machine falls on all three
  // alike, as timeAlternately does for the sequential times; the order turns every slice (call, SQL, JSON; SQL, JSON,
  // call; ...) because the slice that follows another is not alike: two runs of the same bare replay in fixed places
  // differed by 20-30 % (session 14)
  const slices = Math.max(1, Math.round(seconds));
  const parts: Array<Array<Awaited<ReturnType<typeof runClients>>>> = [[], [], []];
  const http = httpClients(clients, call);
  const runs = [() => http.run(seconds / slices), () => runClients(clients, seconds / slices, floors.sql), () => runClients(clients, seconds / slices, floors.sqlJson)];
  await http.run(Math.min(1, seconds)); // warm-up: the worker's code and its connections
  await profiled(name, async () => {
    for (let i = 0; i < slices; i++) {
      for (let k = 0; k < 3; k++) {
        const which = (i + k) % 3;
        parts[which]!.push(await runs[which]!());
      }
    }
  });
  await http.close();
  const [c, rows, json] = parts.map(merged) as [Clients, Clients, Clients];
  const share = c.rps / json.rps;
  const met = share >= TARGET.throughputShare && c.failed === 0;
  console.log(
    `   ${name}`.padEnd(46), c.rps.toFixed(0).padStart(9), ms(c.p95).padStart(9), String(c.failed).padStart(7), rows.rps.toFixed(0).padStart(9),
    json.rps.toFixed(0).padStart(9), pct(c.rps / rows.rps).padStart(8), pct(share).padStart(8), met ? '  met' : '  MISSED',
  );
  return { name, met };
}

export function throughputHeader(title: string) {
  console.log(
    title.padEnd(46), 'call/s'.padStart(9), 'call p95'.padStart(9), 'failed'.padStart(7), 'SQL/s'.padStart(9), 'JSON/s'.padStart(9),
    'of SQL'.padStart(8), 'of JSON'.padStart(8), `  target ≥ ${pct(TARGET.throughputShare)} of JSON`,
  );
}

/** What each floor is, printed under the tables. */
export function printFloorLegend(database: BenchDatabase, clients: number) {
  const where = database.kind === 'pglite' ? "PGlite's one connection" : `a pool of ${clients} connections of its own`;
  console.log(`
   SQL: the statements one call sends (recorded from the driver), replayed as sent through the driver, rows returned (${where});`);
  console.log(`   JSON: the same, with the list statement wrapped so that PostgreSQL builds its JSON (json_agg) and one text comes back.`);
  console.log(`   rows 'json': the call has PostgreSQL build its JSON and passes it through; both floors are then its own statements as sent.`);
  console.log(`   HTTP: the JSON floor answered by a bare node:http server in this process (no framework, token or session), called like the calls.`);
}

/** The targets of issue 19, one line each, met or not. */
export function printTargets(results: Array<{ name: string; met: boolean }>) {
  console.log(`
issue 19 targets (${results.filter((r) => r.met).length} of ${results.length} met)`);
  for (const r of results) console.log(`   ${r.met ? 'met   ' : 'MISSED'} ${r.name}`);
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

/**
 * The tenant scope as it was before issue 19's round-trip change, for the A/B below: drizzle's transaction (BEGIN and
 * COMMIT as statements of their own, extended protocol) and the settings' statement; four round trips for a
 * one-statement read on PostgreSQL.
 */
export function legacyTenant<T>(db: Db, clinicId: number, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('app.clinic_id', ${String(clinicId)}, true), set_config('role', 'app_user', true),
      (select session_stamp from clinics where id = ${clinicId})::text as stamp`);
    return fn(tx as unknown as Tx);
  });
}

/**
 * The same read (a service function, no HTTP, no session) in the three tenant scopes, timed in the same run so that
 * load from other processes falls on all alike: sequentially (alternately, one of each per round) and under
 * `clients` concurrent callers in the process, in three slices each taken in turn (legacy, withTenant,
 * withTenantRead, legacy, …). Prints one line per scope: p50/p95 and requests per second, and the share of the legacy
 * scope's.
 */
export async function scopeComparison(
  name: string,
  db: Db,
  clinicId: number,
  read: (tx: Tx) => Promise<unknown>,
  calls: number,
  clients: number,
  seconds: number,
) {
  const scopes = [
    { label: 'before: BEGIN, settings, read, COMMIT', run: () => legacyTenant(db, clinicId, read) },
    { label: 'withTenant: BEGIN+settings, read, COMMIT', run: () => withTenant(db, clinicId, read) },
    { label: 'withTenantRead: settings, read', run: () => withTenantRead(db, clinicId, read) },
  ];
  const sequential = await timeAlternately(scopes.map((s) => s.run), calls);
  const answered = scopes.map(() => ({ n: 0, s: 0 }));
  for (let slice = 0; slice < 3; slice++)
    for (const [k, s] of scopes.entries()) {
      const r = await runClients(clients, seconds / 3, s.run);
      answered[k]!.n += r.rps * (seconds / 3);
      answered[k]!.s += seconds / 3;
    }
  const rps = answered.map((a) => a.n / a.s);
  console.log(`   ${name}`);
  for (const [k, s] of scopes.entries())
    console.log(
      `     ${s.label}`.padEnd(48), ms(sequential[k]!.p50).padStart(9), ms(sequential[k]!.p95).padStart(9), rps[k]!.toFixed(0).padStart(9),
      pct(rps[k]! / rps[0]!).padStart(8),
    );
}

export function scopeHeader(title: string, clients: number) {
  console.log(`\n${title}`.padEnd(49), 'p50 ms'.padStart(9), 'p95 ms'.padStart(9), `${clients} cl/s`.padStart(9), 'of before'.padStart(9));
}

/** Runs a recorded statement (same text, parameters and options) on a tenant scope's connection (node-postgres). */
export function runStatement(tx: Tx, statement: SentStatement) {
  const client = (tx as unknown as { session: { client: { query: QueryFn } } }).session.client;
  return client.query(...statement.args);
}

// ---- session 13 (issue 19, the server's fixed cost per request): where one request's CPU goes -------------------

import { fork } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';

/** CPU ticks (utime + stime, 1/100 s) of /proc/<path>/stat; 0 if it is gone. */
function ticksOf(path: string) {
  try {
    const stat = readFileSync(`/proc/${path}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(f[11]) + Number(f[12]);
  } catch {
    return 0;
  }
}

/** Every process of the PostgreSQL cluster that serves `database` (the postmaster's children), with their CPU ticks. */
async function postgresTicks(database: BenchDatabase) {
  const [row] = await database.query<{ pid: number }>('select pg_backend_pid() as pid');
  const stat = readFileSync(`/proc/${row!.pid}/stat`, 'utf8');
  const postmaster = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]!;
  let ticks = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const s = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (s.slice(s.lastIndexOf(')') + 2).split(' ')[1] === postmaster) ticks += ticksOf(pid);
    } catch {
      /* gone */
    }
  }
  return ticks;
}

/** The machine's CPU time (all cores) and its idle part, from /proc/stat, in ticks. */
function machineTicks() {
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  return { total: f.reduce((a, b) => a + b, 0), idle: f[3]! + f[4]! };
}

export interface CostSlice {
  requests: number;
  seconds: number;
  /** CPU ms: the server process's main thread, its other threads (GC, libuv), the load's process, PostgreSQL's processes. */
  mainMs: number;
  otherMs: number;
  clientsMs: number;
  postgresMs: number;
  /** The main thread's event loop utilisation, the machine's idle share, bytes per answer. */
  elu: number;
  idle: number;
  bytes: number;
}

/**
 * Where one request's CPU goes under `clients` concurrent clients (PostgreSQL on this machine; Linux /proc): the HTTP
 * load runs in a process of its own (http-load-process.mjs) so that the server process holds only the server; the
 * call and `floor` (run in this process by `clients` callers, as throughputLine's floors) are measured in alternating
 * slices. Answers the slices summed per kind.
 */
export async function requestCost(database: BenchDatabase, load: HttpLoad, floor: () => Promise<unknown>, clients: number, seconds: number, slices = 3) {
  const child = fork(new URL('./http-load-process.mjs', import.meta.url), [JSON.stringify({ ...load, method: load.method ?? 'GET', clients })], { execArgv: [] });
  const childRun = (s: number) =>
    new Promise<{ requests: number; failed: number; elapsed: number; cpuMs: number; bytes: number }>((resolve) => {
      child.once('message', resolve as (m: unknown) => void);
      child.send({ seconds: s });
    });
  await childRun(1); // warm-up
  const sum = (): CostSlice => ({ requests: 0, seconds: 0, mainMs: 0, otherMs: 0, clientsMs: 0, postgresMs: 0, elu: 0, idle: 0, bytes: 0 });
  const call = sum();
  const floorCost = sum();
  const measure = async (into: CostSlice, run: () => Promise<{ requests: number; clientsMs: number; bytes: number }>) => {
    const main0 = ticksOf(`self/task/${process.pid}`);
    const cpu0 = process.cpuUsage();
    const pg0 = await postgresTicks(database);
    const m0 = machineTicks();
    const elu0 = performance.eventLoopUtilization();
    const t0 = performance.now();
    const r = await run();
    const elapsed = (performance.now() - t0) / 1000;
    const elu = performance.eventLoopUtilization(elu0);
    const m1 = machineTicks();
    const pg1 = await postgresTicks(database);
    const cpu = process.cpuUsage(cpu0);
    const mainMs = (ticksOf(`self/task/${process.pid}`) - main0) * 10;
    into.requests += r.requests;
    into.seconds += elapsed;
    into.mainMs += mainMs;
    into.otherMs += (cpu.user + cpu.system) / 1000 - mainMs;
    into.clientsMs += r.clientsMs;
    into.postgresMs += (pg1 - pg0) * 10;
    into.elu += elu.utilization * elapsed;
    into.idle += ((m1.idle - m0.idle) / (m1.total - m0.total)) * elapsed;
    into.bytes += r.bytes;
  };
  try {
    for (let i = 0; i < slices; i++) {
      await measure(call, async () => {
        // BENCH_CPU_PROFILE: the server process's profile during the first slice of the call
        const r = i === 0 ? await profiled('cost', () => childRun(seconds / slices)) : await childRun(seconds / slices);
        return { requests: r.requests, clientsMs: r.cpuMs, bytes: r.bytes };
      });
      await measure(floorCost, async () => {
        const r = await runClients(clients, seconds / slices, floor);
        return { requests: r.times.length, clientsMs: 0, bytes: 0 };
      });
    }
  } finally {
    child.kill();
  }
  return { call, floor: floorCost };
}

/** Prints requestCost's figures: per request, CPU ms of each part; req/s; main-thread busy share; machine idle. */
export function printRequestCost(name: string, cost: Awaited<ReturnType<typeof requestCost>>) {
  const [l1] = loadavg();
  console.log(`\n${name} (load average ${l1!.toFixed(2)})`);
  console.log(
    '  '.padEnd(14), 'req/s'.padStart(8), 'main ms'.padStart(8), 'other ms'.padStart(9), 'clients'.padStart(8), 'PG ms'.padStart(8),
    'sum ms'.padStart(8), 'main busy'.padStart(10), 'idle'.padStart(6), 'bytes'.padStart(7),
  );
  for (const [label, s] of [['call (HTTP)', cost.call], ['JSON floor', cost.floor]] as const) {
    const per = (x: number) => (x / Math.max(1, s.requests)).toFixed(3);
    console.log(
      `  ${label}`.padEnd(14), (s.requests / s.seconds).toFixed(0).padStart(8), per(s.mainMs).padStart(8), per(s.otherMs).padStart(9),
      per(s.clientsMs).padStart(8), per(s.postgresMs).padStart(8), per(s.mainMs + s.otherMs + s.clientsMs + s.postgresMs).padStart(8),
      pct(s.elu / s.seconds).padStart(10), pct(s.idle / s.seconds).padStart(6), (s.bytes / Math.max(1, s.requests)).toFixed(0).padStart(7),
    );
  }
}

/**
 * An experiment for the next step (bench only, the server does not send this): the read pool's scope and a read in
 * one write, extended protocol, one Sync — the clinic's settings and the stamp as two unnamed statements of their own
 * (so that row-level security sees the settings; a failure skips the rest), then the read as recorded (named or not).
 * Answers the three results (settings, stamp, read). `read` is a recorded statement (SentStatement).
 */
export function pipelinedScopeRead(client: pg.PoolClient, clinicId: number, read: SentStatement) {
  type Connection = {
    parse(m: object): void; bind(m: object): void; describe(m: object): void; execute(m: object): void;
  };
  const BaseQuery = (pg as unknown as { Query: new (config: object) => { prepare(c: Connection): void; callback?: (e: Error | null, r: unknown) => void } }).Query;
  const first = read.args[0] as { text: string; name?: string; rowMode?: string; types?: unknown };
  const id = String(clinicId);
  class ScopedRead extends BaseQuery {
    override prepare(connection: Connection) {
      for (const [text, values] of [
        ["select set_config('app.clinic_id', $1, false), set_config('role', 'app_user', false)", [id]],
        ['select session_stamp::text as stamp from clinics where id = $1::bigint', [id]],
      ] as const) {
        connection.parse({ text, name: '' });
        connection.bind({ portal: '', statement: '', values });
        connection.describe({ type: 'P', name: '' });
        connection.execute({ portal: '', rows: 0 });
      }
      super.prepare(connection);
    }
  }
  const query = new ScopedRead({ text: read.text, name: typeof first === 'object' ? first.name : undefined, values: read.params, queryMode: 'extended' });
  return new Promise<Array<{ rows: unknown[] }>>((resolve, reject) => {
    query.callback = (error, results) => (error ? reject(error) : resolve(results as Array<{ rows: unknown[] }>));
    (client as unknown as { query(q: unknown): void }).query(query);
  });
}

/**
 * Under `clients` callers in alternating slices, on a pool of its own: a hot read's scope and read as the server sends
 * them (two round trips, `floors.sqlJson`), against pipelinedScopeRead (one). Prints req/s and CPU ms per request
 * (this process's main thread, PostgreSQL's processes).
 */
export async function pipelineExperiment(database: BenchDatabase, clinicId: number, floors: Floors, clients: number, seconds: number) {
  const pool = new pg.Pool({ Client, connectionString: database.url, max: clients });
  const read = floors.main;
  if (!floors.passedThrough || floors.statementsSent.length !== 2) throw new Error('pipelineExperiment: a hot read (scope, JSON read) only');
  const piped = async () => {
    const client = await pool.connect();
    try {
      const results = await pipelinedScopeRead(client, clinicId, read);
      if (results.length !== 3 || !results[2]!.rows.length) throw new Error('pipelined read: unexpected answer');
    } finally {
      client.release();
    }
  };
  await piped(); // checks it answers
  const kinds = [{ name: 'as sent (scope message, then the read)', run: floors.sqlJson }, { name: 'pipelined (one write, one Sync)', run: piped }];
  const sums = kinds.map(() => ({ requests: 0, seconds: 0, mainMs: 0, postgresMs: 0 }));
  for (let slice = 0; slice < 3; slice++)
    for (const [k, kind] of kinds.entries()) {
      const main0 = ticksOf(`self/task/${process.pid}`);
      const pg0 = await postgresTicks(database);
      const r = await runClients(clients, seconds / 3, kind.run);
      sums[k]!.requests += r.times.length;
      sums[k]!.seconds += r.elapsed / 1000;
      sums[k]!.mainMs += (ticksOf(`self/task/${process.pid}`) - main0) * 10;
      sums[k]!.postgresMs += ((await postgresTicks(database)) - pg0) * 10;
    }
  await pool.end();
  console.log(`\n3b. the scope in the read's write (an experiment, not the server's path), ${clients} callers (load average ${loadavg()[0]!.toFixed(2)})`);
  for (const [k, kind] of kinds.entries()) {
    const s = sums[k]!;
    console.log(`   ${kind.name}`.padEnd(46), `${(s.requests / s.seconds).toFixed(0)} req/s`.padStart(11),
      `main ${(s.mainMs / s.requests).toFixed(3)} ms`.padStart(16), `PG ${(s.postgresMs / s.requests).toFixed(3)} ms`.padStart(14));
  }
}
