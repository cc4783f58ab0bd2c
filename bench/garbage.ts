/**
 * The hot reads' garbage (issue 19, session 17): how much of each request's memory outlives the young generation.
 * Over real HTTP (the client in a worker thread, its heap apart from the server's), on the demo clinic, each read
 * `BENCH_CALLS` times in a row, under v8.GCProfiler: the bytes its minor collections moved into the old generation
 * (promoted), per request, the minor collections and the longest of them; beside it the same for its floor (the
 * statements it sends, replayed through the driver, as in the other benchmarks: PGlite keeps some of every query's
 * objects itself), and what the server adds to that (the target). A request's objects should die young: a read that keeps them past a minor collection makes every
 * collection copy them twice and brings full collections sooner (docs/architecture.md §10, "Fill the values in
 * place"). Figures, not timings: they hardly depend on the machine's load.
 *
 *   npm run bench:garbage                              on the embedded database
 *   DATABASE_URL=postgres://… npm run bench:garbage    on a throwaway database of that server
 */
import v8 from 'node:v8';
import { seedDemo } from '../apps/server/src/db/demo-data.js';
import { benchServer, floorDriver, listenForCalls, recordStatements } from './lib.js';

const CALLS = Number(process.env.BENCH_CALLS ?? 2000);
/** A hot read's objects die young: what is promoted per request stays under this (bytes). */
const TARGET_BYTES = 1024;

const server = await benchServer();
await seedDemo(server.database.db, { tokenSecret: server.app.deps.config.TOKEN_SECRET });
const login = await server.app.inject({
  method: 'POST', url: '/api/WithoutAuthorize/demo/Login', payload: { Email: 'owner@demo.test', Password: 'Demo@1234' },
});
if (login.statusCode !== 200) throw new Error(`login: ${login.body}`);
const headers = { authorization: `Bearer ${login.json().token as string}` };
const { http } = await listenForCalls(server.app);
const driver = floorDriver(server.database, 1);

const day = 86_400_000;
const from = new Date(Date.now() - 2 * day).toISOString();
const to = new Date(Date.now() + 5 * day).toISOString();
const reads: Array<{ name: string; url: string; payload?: object }> = [
  { name: 'calendar week (Cleander/GetAppointments)', url: `/api/Cleander/GetAppointments?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}` },
  { name: 'patients list, page 1', url: '/api/Patient/PostSearchPatients', payload: { page: 1, pageSize: 30 } },
  { name: "patients list, quick search 'محمد'", url: '/api/Patient/PostSearchPatients', payload: { page: 1, pageSize: 30, search: 'محمد' } },
  { name: "picker 'محمد' (GetPatientSearchByName)", url: '/api/Patient/GetPatientSearchByName', payload: { search: 'محمد' } },
  { name: 'lab orders (Lab/GetLabOrders)', url: '/api/Lab/GetLabOrders' },
  { name: 'procedures (GetPatientProceduresFilter)', url: '/api/PatientProcedure/GetPatientProceduresFilter' },
  { name: 'remaining payments (GetPatientPaymentReport)', url: '/api/Reports/GetPatientPaymentReport' },
  { name: 'RefreshCurrentUser (no list)', url: '/api/Auth/RefreshCurrentUser' },
];

interface Collection {
  gcType: string;
  cost: number;
  beforeGC: { heapSpaceStatistics: Array<{ spaceName: string; spaceUsedSize: number }> };
  afterGC: { heapSpaceStatistics: Array<{ spaceName: string; spaceUsedSize: number }> };
}
const oldSpace = (spaces: Collection['beforeGC']['heapSpaceStatistics']) => spaces.find((x) => x.spaceName === 'old_space')!.spaceUsedSize;

/** Runs fn CALLS times under v8.GCProfiler: what its minor collections moved into the old generation, per run. */
async function promotedPerRequest(fn: () => Promise<unknown>) {
  const profiler = new v8.GCProfiler();
  profiler.start();
  for (let i = 0; i < CALLS; i++) await fn();
  const { statistics } = profiler.stop() as unknown as { statistics: Collection[] };
  const minor = statistics.filter((c) => c.gcType === 'Scavenge');
  const promoted = minor.reduce((sum, c) => sum + oldSpace(c.afterGC.heapSpaceStatistics) - oldSpace(c.beforeGC.heapSpaceStatistics), 0);
  return { perRequest: Math.max(0, promoted) / CALLS, minor, full: statistics.some((c) => c.gcType === 'MarkSweepCompact') };
}

console.log(`\nDentix garbage benchmark — ${server.database.kind}, the demo clinic, ${CALLS} requests of each read over HTTP, Node ${process.version}\n`);
console.log(
  'read'.padEnd(46), 'answer B'.padStart(9), 'minor GCs'.padStart(10), 'longest ms'.padStart(11), 'promoted B/req'.padStart(15),
  'floor B/req'.padStart(11), 'added'.padStart(9), `  target: added < ${TARGET_BYTES} B`,
);
let missed = 0;
// BENCH_ONLY=<regular expression>: only the reads whose names match it
const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : undefined;
for (const r of reads.filter((x) => !only || only.test(x.name))) {
  const call = async () => {
    const res = await http.call({ method: r.payload ? 'POST' : 'GET', url: r.url, headers, payload: r.payload });
    if (res.statusCode !== 200) throw new Error(`${r.name}: ${res.statusCode} ${res.body}`);
    return res;
  };
  for (let i = 0; i < 300; i++) await call(); // warm: compiled code, prepared statements, the session cache
  // the baseline: the statements the call sends, replayed through the driver (the floor of the other benchmarks)
  const sent = await recordStatements(server.database, call);
  const replay = () => driver.run(sent);
  for (let i = 0; i < 300; i++) await replay();
  let bytes = 0;
  const read = await promotedPerRequest(async () => (bytes = Buffer.byteLength((await call()).body)));
  const floor = await promotedPerRequest(replay);
  const perRequest = read.perRequest - floor.perRequest;
  const full = read.full;
  const minor = read.minor;
  const met = perRequest < TARGET_BYTES;
  if (!met) missed++;
  console.log(
    `${r.name}`.padEnd(46), String(bytes).padStart(9), String(minor.length).padStart(10),
    (Math.max(0, ...minor.map((c) => c.cost)) / 1000).toFixed(1).padStart(11),
    read.perRequest.toFixed(0).padStart(15), floor.perRequest.toFixed(0).padStart(11), perRequest.toFixed(0).padStart(9),
    met ? '  met' : '  MISSED', full ? '(a full collection ran too)' : '',
  );
}
console.log(`\n${missed ? `${missed} read(s) over` : 'every read under'} ${TARGET_BYTES} B promoted per request beyond its floor's`);
await driver.close();
await http.close();
await server.close();
