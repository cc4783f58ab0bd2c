/**
 * Patient procedures benchmark (issue 14), on a clinic with BENCH_PATIENTS patients (default 100,000) and
 * BENCH_PROCEDURES patient procedures (default 1,000,000; 3 branches, 12 doctors, 60 procedures in 8 treatment
 * branches, about 5 years of history). Prints, asserting nothing:
 *  1. `PatientProcedure/GetPatientProcedures` (one patient's procedures with totals) and
 *     `PatientProcedure/GetPatientProceduresFilter` (/PatientsProceduresList: first page with filters, count and
 *     totals over the filter) through the server, sequentially, against the two floors of bench/lib.ts measured in the
 *     same run — target p95 ≤ 1.5 × the JSON floor's;
 *  2. requests per second of the same reads under BENCH_CLIENTS (50) concurrent clients over HTTP, against both floors
 *     under as many clients — target ≥ 67 % of the JSON floor's.
 *
 *   npm run bench:procedures                                    100,000 patients, 1,000,000 procedures
 *   BENCH_PATIENTS=10000 BENCH_PROCEDURES=100000 npm run bench:procedures
 *   DATABASE_URL=postgres://... npm run bench:procedures
 *  3. (PostgreSQL, BENCH_COST=1) where one request's CPU goes under BENCH_CLIENTS clients: the server's main thread,
 *     its other threads, the HTTP load's own process, PostgreSQL's processes, per request, against the JSON floor's
 *     (requestCost in lib.ts); 3b, an experiment: the read pool's scope in the same write as the read
 *     (pipelineExperiment). BENCH_COST_ONLY=1 runs section 3 alone (one patient's procedures).
 */
import { performance } from 'node:perf_hooks';
import { withTenant } from '../apps/server/src/platform/db/tenancy.js';
import {
  benchClinic, benchServer, floorDriver, pipelineExperiment, printFloorLegend, printMemory, printRequestCost, printTargets, readFloors,
  requestCost, sequentialHeader,
  sequentialLine, TARGET, throughputHeader, throughputLine, vacuumTables,
  seedBranchesAndDoctors,
  sqlRunner,
  listenForCalls,
} from './lib.js';

const PATIENTS = Number(process.env.BENCH_PATIENTS ?? 100_000);
const PROCEDURES = Number(process.env.BENCH_PROCEDURES ?? 1_000_000);
const CALLS = Number(process.env.BENCH_CALLS ?? 200);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 10);
const COST_ONLY = !!process.env.BENCH_COST_ONLY;
const BRANCHES = 3;
const DOCTORS = 12;
const TREATMENT_BRANCHES = 8;
const CATALOGUE = 60;
const DAYS = 5 * 365;

const server = await benchServer();
const { app, database } = server;
const clinic = await benchClinic(server, 'proc');
const clinicId = clinic.clinic.id;

const seedStart = performance.now();
const ids = await withTenant(database.db, clinicId, async (tx) => {
  const run = sqlRunner(tx);
  const { branchIds, doctorIds } = await seedBranchesAndDoctors(tx, clinic, BRANCHES, DOCTORS);
  const tbRows = await run(`insert into treatment_branches (clinic_id, name_ar, name_en)
    select ${clinicId}, 'فرع علاج ' || g, 'Treatment ' || g from generate_series(1, ${TREATMENT_BRANCHES}) g returning id`);
  const tbIds = tbRows.rows.map((r) => Number(r.id));
  const procRows = await run(`insert into procedures (clinic_id, treatment_branch_id, name_ar, name_en, code, price, insurance_price, tooth_selection)
    select ${clinicId}, (array[${tbIds.join(',')}]::bigint[])[1 + g % ${TREATMENT_BRANCHES}], 'إجراء ' || g, 'Procedure ' || g, 'D' || (1000 + g),
      100 + g * 25, 80 + g * 20, (array['tooth','surface','none'])[1 + g % 3]
    from generate_series(1, ${CATALOGUE}) g returning id`);
  const procIds = procRows.rows.map((r) => Number(r.id));
  await run(`insert into price_list_procedures (clinic_id, branch_id, procedure_id, price, insurance_price)
    select ${clinicId}, b, p.id, p.price, p.insurance_price from procedures p, unnest(array[${branchIds.join(',')}]::bigint[]) b
    where p.clinic_id = ${clinicId}`);
  const patientRows = await run(`insert into patients (clinic_id, code, name, name_normalized, mobile)
    select ${clinicId}, g::text, 'Patient ' || g, 'patient ' || g, '+2010' || lpad(g::text, 8, '0')
    from generate_series(1, ${PATIENTS}) g returning id`);
  const firstPatient = Math.min(...patientRows.rows.map((r) => Number(r.id)));
  await run(`insert into patient_branches (clinic_id, patient_id, branch_id)
    select ${clinicId}, ${firstPatient} + g, (array[${branchIds.join(',')}]::bigint[])[1 + g % ${BRANCHES}]
    from generate_series(0, ${PATIENTS - 1}) g`);
  // procedure g: patient g % PATIENTS (so every patient has about PROCEDURES / PATIENTS), in the patient's branch,
  // spread over DAYS days up to now; older ones mostly completed, recent ones planned
  await run(`insert into patient_procedures (clinic_id, patient_id, branch_id, procedure_id, doctor_id, status, teeth, price,
      discount, created_at, completed_at, completed_by)
    select ${clinicId}, ${firstPatient} + g % ${PATIENTS}, b[1 + (g % ${PATIENTS}) % ${BRANCHES}], p[1 + (g * 7) % ${CATALOGUE}],
      d[1 + (g / 3) % ${DOCTORS}], st, jsonb_build_array(jsonb_build_object('tooth', t, 'surfaces', jsonb_build_array('O'))),
      100 + (g * 7) % ${CATALOGUE} * 25, case when g % 10 = 0 then 10 else 0 end, c,
      case when st in ('S3', 'S4') then c + interval '7 days' end, case when st in ('S3', 'S4') then d[1 + (g / 3) % ${DOCTORS}] end
    from generate_series(0, ${PROCEDURES - 1}) g,
      (select array[${branchIds.join(',')}]::bigint[] b, array[${doctorIds.join(',')}]::bigint[] d, array[${procIds.join(',')}]::bigint[] p) refs,
      lateral (select now() - ((${PROCEDURES - 1} - g)::float8 / ${PROCEDURES} * ${DAYS}) * interval '1 day' c,
        (array[11,12,16,21,26,36,37,46,47,24])[1 + g % 10] t) x,
      lateral (select case when c > now() - interval '60 days' then (array['S1','S1','S2','S5'])[1 + g % 4]
        else (array['S3','S3','S3','S4','S5','S1'])[1 + g % 6] end st) s`);
  return { branchIds, doctorIds, tbIds, firstPatient };
});
await vacuumTables(database, ['patient_procedures', 'patients', 'patient_branches', 'procedures', 'users']);
const seedMs = performance.now() - seedStart;

const today = new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const cases: Array<{ name: string; url: string }> = [
  { name: "a patient's procedures", url: `/api/PatientProcedure/GetPatientProcedures?patientId=${ids.firstPatient + 4242 % PATIENTS}` },
  { name: 'filter: S1+S2 of a branch, 60 days', url: `/api/PatientProcedure/GetPatientProceduresFilter?status=S1,S2&branchId=${ids.branchIds[0]}&from=${daysAgo(60)}&to=${today}` },
  { name: 'filter: a doctor, a month, newest', url: `/api/PatientProcedure/GetPatientProceduresFilter?doctorId=${ids.doctorIds[0]}&from=${daysAgo(30)}&to=${today}` },
  { name: 'filter: S1+S2, every branch (status alone)', url: '/api/PatientProcedure/GetPatientProceduresFilter?status=S1,S2' },
  { name: 'filter: a treatment, 90 days, by price', url: `/api/PatientProcedure/GetPatientProceduresFilter?treatmentBranchId=${ids.tbIds[0]}&from=${daysAgo(90)}&to=${today}&sortField=price` },
  { name: 'filter: none (totals over every row)', url: '/api/PatientProcedure/GetPatientProceduresFilter' },
];

console.log(`\nDentix patient procedures benchmark — ${database.kind}, ${PROCEDURES.toLocaleString('en')} procedures of ${PATIENTS.toLocaleString('en')} patients (seeded in ${(seedMs / 1000).toFixed(1)} s), ${CALLS} sequential calls each\n`);
const driver = floorDriver(database, CLIENTS);
const { base, http } = await listenForCalls(app);
const reads: Array<{ name: string; url: string; floors: Awaited<ReturnType<typeof readFloors>> }> = [];
const targets: Array<{ name: string; met: boolean }> = [];
sequentialHeader('1. reads, sequential (ms)');
for (const c of COST_ONLY ? cases.slice(0, 1) : cases) {
  const call = async () => {
    const res = await http.call({ method: 'GET', url: c.url, headers: clinic.headers });
    if (res.statusCode !== 200) throw new Error(`${c.name}: ${res.statusCode} ${res.body}`);
    return res;
  };
  const floors = await readFloors(database, driver, call);
  reads.push({ ...c, floors });
  if (COST_ONLY) continue;
  const line = await sequentialLine(c.name, floors, call, c === cases.at(-1) ? Math.min(CALLS, 20) : CALLS, http.overHttp(floors, { method: 'GET', headers: clinic.headers }));
  if (c !== cases.at(-1)) targets.push({ name: `${c.name}: sequential p95 ≤ ${TARGET.p95Ratio}x the JSON floor's`, met: line.met });
}
printFloorLegend(database, CLIENTS);

await http.close();
console.log(`\n2. throughput, ${CLIENTS} concurrent clients for ${LOAD_SECONDS} s each`);
throughputHeader('');
for (const r of COST_ONLY || LOAD_SECONDS <= 0 ? [] : reads.slice(0, 2)) {
  const line = await throughputLine(r.name, r.floors, { url: base + r.url, headers: clinic.headers }, CLIENTS, LOAD_SECONDS);
  targets.push({ name: `${r.name}: ${CLIENTS} clients ≥ ${TARGET.throughputShare * 100}% of the JSON floor's req/s`, met: line.met });
}
if (!COST_ONLY) printTargets(targets);
if (database.kind === 'postgres' && (process.env.BENCH_COST || COST_ONLY)) {
  const r = reads[0]!;
  const cost = await requestCost(database, { url: base + r.url, headers: clinic.headers }, r.floors.sqlJson, CLIENTS, LOAD_SECONDS);
  printRequestCost(`3. where one request's CPU goes: ${r.name}, ${CLIENTS} clients, ${r.floors.statements} statements per call`, cost);
  await pipelineExperiment(database, clinicId, r.floors, CLIENTS, LOAD_SECONDS);
}
await driver.close();

// the plans of the filter's own statements (as recorded from the driver, with their values), as the application role
// runs them (row-level security on). Session 11 printed a hand-written statement instead, whose `created_at >= date`
// (timestamptz against date: not leakproof) cannot be an index condition under row-level security: a parallel
// sequential scan that the server never ran.
if (database.kind === 'postgres' && !COST_ONLY)
  await withTenant(database.db, clinicId, async (tx) => {
    const client = (tx._.session as unknown as { client: { query(q: { text: string; values: unknown[] }): Promise<{ rows: Array<Record<string, string>> }> } }).client;
    for (const r of reads.slice(1)) {
      const plan = await client.query({ text: `explain (analyze, costs off, timing off, summary on) ${r.floors.main.text}`, values: r.floors.main.params });
      console.log(`\nplan: ${r.name}`);
      for (const row of plan.rows) {
        const line = Object.values(row)[0]!;
        if (/Scan|Execution Time|Index Cond|Rows Removed/.test(line)) console.log('  ' + line.replace(/\s+/g, ' ').slice(0, 200));
      }
    }
  });
printMemory();
if (process.env.BENCH_KEEP) {
  // keep the seeded database for looking at plans by hand (dropped otherwise)
  console.log(`kept: ${(database as { url?: string }).url}`);
  process.exit(0);
}
await server.close();
