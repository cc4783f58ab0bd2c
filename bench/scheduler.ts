/**
 * Scheduler benchmark (issue 5), on a clinic with 1,000,000 appointments (10 branches, 20 a day each, about 14
 * years around today). Prints, asserting nothing:
 *  1. the calendar reads (`Cleander/GetAppointments`: week, week of one doctor, day, month of one branch) through the
 *     server against two floors measured in the same run (issue 19): the statements one call sends, recorded from the
 *     driver and replayed bare through it (rows returned), and the same with PostgreSQL building the list's JSON —
 *     target p95 ≤ 1.5 × the JSON floor's;
 *  2. requests per second of the same reads under BENCH_CLIENTS (50) concurrent clients over HTTP, against both floors
 *     under as many clients (a pool of as many connections on PostgreSQL; PGlite's one connection), beside
 *     `/api/health` (the server's ceiling on this machine) — target ≥ 67 % of the JSON floor's (week view);
 *  3. a live event from save to a second client's refresh: SaveAppointment by one user → the hub's
 *     'RefreshTodayAppointments' on a second user's WebSocket → that client's GetAppointments answered; median and
 *     p95 (target ≤ 100 ms on loopback).
 * Rendering a week of 300 appointments in Chromium is measured by bench/calendar-render.ts.
 *
 *   npm run bench:scheduler                         1,000,000 appointments
 *   BENCH_APPOINTMENTS=100000 npm run bench:scheduler
 *   DATABASE_URL=postgres://... npm run bench:scheduler
 */
import { performance } from 'node:perf_hooks';
import type { GetAppointmentsInput } from '@dental/contract';
import { sql } from 'drizzle-orm';
import WebSocket from 'ws';
import { withTenant } from '../apps/server/src/platform/db/tenancy.js';
import {
  benchClinic, benchLogin, benchServer, floorDriver, printFloorLegend, printMemory, printTargets, readFloors, runHttpClients,
  sequentialHeader, sequentialLine, stats, TARGET, throughputHeader, throughputLine, vacuumTables,
  seedBranchesAndDoctors,
  runStatement, scopeComparison, scopeHeader, sqlRunner,
  listenForCalls,
} from './lib.js';

const APPOINTMENTS = Number(process.env.BENCH_APPOINTMENTS ?? 1_000_000);
const CALLS = Number(process.env.BENCH_CALLS ?? 200);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 10);
const BRANCHES = 10;
const DOCTORS = 12;
const ROOMS = 6;
const PATIENTS = 20_000;
const PER_DAY = 20;
const DAY_MS = 86_400_000;

const server = await benchServer();
const { app, database } = server;
const clinic = await benchClinic(server, 'sched');
const clinicId = clinic.clinic.id;

const seedStart = performance.now();
const ids = await withTenant(database.db, clinicId, async (tx) => {
  const run = sqlRunner(tx);
  const { branchIds, doctorIds } = await seedBranchesAndDoctors(tx, clinic, BRANCHES, DOCTORS);
  const roomRows = await run(`insert into rooms (clinic_id, name, color)
    select ${clinicId}, 'Room ' || g, '#' || lpad(to_hex(g * 2000000), 6, '0') from generate_series(1, ${ROOMS}) g returning id`);
  const roomIds = roomRows.rows.map((r) => Number(r.id));
  const patientRows = await run(`insert into patients (clinic_id, code, name, name_normalized, mobile)
    select ${clinicId}, g::text, 'Patient ' || g, 'patient ' || g, '+2010' || lpad(g::text, 8, '0')
    from generate_series(1, ${PATIENTS}) g returning id`);
  const firstPatient = Math.min(...patientRows.rows.map((r) => Number(r.id)));
  // appointment g: branch g % 10; per branch, 20 a day at 09:00 + 30 min steps; the series is centred on today
  const days = Math.ceil(APPOINTMENTS / BRANCHES / PER_DAY);
  const firstDay = new Date(Math.floor(Date.now() / DAY_MS - days / 2) * DAY_MS).toISOString();
  await run(`insert into appointments (clinic_id, branch_id, patient_id, doctor_id, room_id, starts_at, ends_at, status, notes)
    select ${clinicId}, b[1 + g % ${BRANCHES}], ${firstPatient} + (g::bigint * 7919) % ${PATIENTS},
      d[1 + (g / 7) % ${DOCTORS}], r[1 + g % ${ROOMS}], s, s + interval '30 minutes',
      case when s < now() then (array['AS7','AS7','AS7','AS9','AS8'])[1 + g % 5] else (array['AS1','AS2'])[1 + g % 2] end,
      case when g % 4 = 0 then 'Follow-up' end
    from generate_series(0, ${APPOINTMENTS - 1}) g,
      (select array[${branchIds.join(',')}]::bigint[] b, array[${doctorIds.join(',')}]::bigint[] d,
              array[${roomIds.join(',')}]::bigint[] r) refs,
      lateral (select '${firstDay}'::timestamptz + ((g / ${BRANCHES}) / ${PER_DAY}) * interval '1 day'
        + interval '7 hours' + ((g / ${BRANCHES}) % ${PER_DAY}) * interval '30 minutes' s) t`);
  return { branchIds, doctorIds, roomIds };
});
await vacuumTables(database, ['appointments', 'patients', 'users', 'rooms']);
const seedMs = performance.now() - seedStart;

const weekStart = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS - 3 * DAY_MS);
const range = (days: number) => ({
  from: weekStart.toISOString(),
  to: new Date(weekStart.getTime() + days * DAY_MS).toISOString(),
});
const cases: Array<{ name: string; input: GetAppointmentsInput }> = [
  { name: 'week of a branch', input: { ...range(7), branchId: clinic.branch.id } },
  { name: 'week of one doctor', input: { ...range(7), branchId: clinic.branch.id, doctorId: ids.doctorIds[0] } },
  { name: 'day of a branch', input: { ...range(1), branchId: clinic.branch.id } },
  { name: 'month of a branch', input: { ...range(31), branchId: clinic.branch.id } },
];
const query = (input: GetAppointmentsInput) =>
  new URLSearchParams(Object.entries(input).filter(([, v]) => v !== undefined).map(([k, v]): [string, string] => [k, String(v)])).toString();

console.log(`\nDentix scheduler benchmark — ${database.kind}, ${APPOINTMENTS.toLocaleString('en')} appointments in ${BRANCHES} branches (seeded in ${(seedMs / 1000).toFixed(1)} s), ${CALLS} sequential calls each\n`);
const driver = floorDriver(database, CLIENTS);
const { base, http } = await listenForCalls(app);
const reads = [];
const targets: Array<{ name: string; met: boolean }> = [];
sequentialHeader('1. calendar reads, sequential (ms)');
for (const c of cases) {
  const url = `/api/Cleander/GetAppointments?${query(c.input)}`;
  const call = async () => {
    const res = await http.call({ method: 'GET', url, headers: clinic.headers });
    if (res.statusCode !== 200) throw new Error(`${c.name}: ${res.statusCode} ${res.body}`);
    return res;
  };
  const floors = await readFloors(database, driver, call);
  reads.push({ name: c.name, url, floors });
  const line = await sequentialLine(c.name, floors, call, CALLS, http.overHttp(floors, { method: 'GET', headers: clinic.headers }));
  if (c === cases[0]) targets.push({ name: `${c.name}: sequential p95 ≤ ${TARGET.p95Ratio}x the JSON floor's`, met: line.met });
}
printFloorLegend(database, CLIENTS);

// 2. throughput over real HTTP, against both floors under the same number of clients
await http.close();
console.log(`\n2. throughput, ${CLIENTS} concurrent clients for ${LOAD_SECONDS} s each`);
if (LOAD_SECONDS > 0) {
  const ceiling = await runHttpClients(CLIENTS, LOAD_SECONDS, { url: `${base}/api/health` });
  console.log(`   ${'/api/health (the server\'s ceiling)'.padEnd(43)} ${ceiling.rps.toFixed(0).padStart(9)} req/s   p95 ${ceiling.p95.toFixed(1)} ms   failed ${ceiling.failed}`);
}
throughputHeader('');
for (const r of LOAD_SECONDS > 0 ? reads : []) {
  const line = await throughputLine(r.name, r.floors, { url: base + r.url, headers: clinic.headers }, CLIENTS, LOAD_SECONDS);
  if (r === reads[0]) targets.push({ name: `${r.name}: ${CLIENTS} clients ≥ ${TARGET.throughputShare * 100}% of the JSON floor's req/s`, met: line.met });
}
printTargets(targets);
await driver.close();

// 4. the tenant scope's round trips, A/B in this run: the week's statement in the scope before issue 19's change,
// withTenant and withTenantRead (PostgreSQL: on PGlite a scope is one in-process transaction either way)
if (database.kind === 'postgres') {
  scopeHeader(`4. tenant scopes, the week's statement, no HTTP (${CLIENTS} callers)`, CLIENTS);
  const week = reads[0]!;
  await scopeComparison(week.name, database.db, clinicId, (tx) => runStatement(tx, week.floors.main), CALLS, CLIENTS, LOAD_SECONDS);
}

// 3. live event: one user saves, a second user's socket hears it and refetches the week
const secretaryToken = await withTenant(database.db, clinicId, async (tx) => {
  await tx.execute(sql.raw(`insert into users (clinic_id, user_name, full_name, display_name, email, password_hash, role_id, branch_id)
    select ${clinicId}, 'secretary', 'Secretary', 'Secretary', 'secretary@sched.test', password_hash, ${clinic.roleIds.RL4}, ${clinic.branch.id}
    from users where id = ${clinic.owner.id}`));
}).then(() => benchLogin(server, clinic.clinicName, 'secretary'));
const secretaryId = JSON.parse(Buffer.from(secretaryToken.split('.')[1]!, 'base64url').toString()).sub as number;
const ws = new WebSocket(`${base.replace('http', 'ws')}/api/hub?clinicId=${clinicId}&branchId=${clinic.branch.id}&access_token=${secretaryToken}`);
await new Promise((resolve, reject) => { ws.once('open', resolve); ws.once('error', reject); });
const heard: Array<() => void> = [];
ws.on('message', (raw) => {
  const m = JSON.parse(raw.toString()) as { type: string };
  if (m.type === 'RefreshTodayAppointments') heard.shift()?.();
});
ws.send(JSON.stringify({ type: 'InitConnection', userId: secretaryId }));
await new Promise((r) => setTimeout(r, 200));

// an appointment far beyond the seeded days, so that it clashes with nothing
const far = new Date(Date.now() + 40 * 365 * DAY_MS);
far.setUTCHours(8, 0, 0, 0);
const post = (path: string, body: unknown) =>
  fetch(base + path, { method: 'POST', headers: { ...clinic.headers, 'content-type': 'application/json' }, body: JSON.stringify(body) })
    .then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, number> }));
const appointment = {
  branchId: clinic.branch.id, patientId: (await withTenant(database.db, clinicId, (tx) => tx.execute(sql`select min(id) id from patients`)) as unknown as { rows: Array<{ id: number }> }).rows[0]!.id,
  doctorId: ids.doctorIds[0]!, roomId: ids.roomIds[0]!, start: far.toISOString(), end: new Date(far.getTime() + 1_800_000).toISOString(),
  confirmOutsideWorkingHours: true, confirmOverlap: true,
};
const created = await post('/api/Cleander/SaveAppointment', appointment);
if (created.status !== 200 && created.status !== 201) throw new Error(`SaveAppointment ${created.status} ${JSON.stringify(created.body)}`);
let version = created.body.version!;
const weekAround = { from: new Date(far.getTime() - 3 * DAY_MS).toISOString(), to: new Date(far.getTime() + 4 * DAY_MS).toISOString(), branchId: clinic.branch.id };
const latencies: number[] = [];
for (let i = 0; i < Math.min(CALLS, 100); i++) {
  const start = performance.now();
  const arrived = new Promise<void>((resolve) => heard.push(resolve));
  const saved = await post('/api/Cleander/SaveAppointment', { ...appointment, id: created.body.id, version, notes: `change ${i}` });
  if (saved.status !== 200) throw new Error(`SaveAppointment ${saved.status} ${JSON.stringify(saved.body)}`);
  version = saved.body.version!;
  await arrived;
  const res = await fetch(`${base}/api/Cleander/GetAppointments?${query(weekAround)}`, { headers: { authorization: `Bearer ${secretaryToken}` } });
  await res.arrayBuffer();
  latencies.push(performance.now() - start);
}
const live = stats(latencies);
console.log(`\n3. live event, save → second client's refresh answered (${latencies.length} changes): median ${live.p50.toFixed(1)} ms, p95 ${live.p95.toFixed(1)} ms (target ≤ 100 ms) ${live.p95 <= 100 ? 'met' : 'MISSED'}`);
ws.close();

// the week view's plan, as the application role runs it (row-level security on)
await withTenant(database.db, clinicId, async (tx) => {
  const text = `explain (analyze, costs off, timing off, summary on) select id from appointments where clinic_id = ${clinicId} and branch_id = ${clinic.branch.id}
    and starts_at < '${cases[0]!.input.to}' and ends_at > '${cases[0]!.input.from}' and starts_at >= '${cases[0]!.input.from}'::timestamptz - interval '25 hours'`;
  const plan = (await tx.execute(sql.raw(text))) as unknown as { rows: Array<Record<string, string>> };
  console.log('\nplan: week of a branch (appointments only)');
  for (const r of plan.rows) console.log('  ' + Object.values(r)[0]);
});
printMemory();
await server.close();
