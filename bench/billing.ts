/**
 * Billing benchmark (issue 15), on a clinic with BENCH_PATIENTS patients (default 100,000), BENCH_PROCEDURES patient
 * procedures (default 1,000,000) and BENCH_PAYMENTS payments (default 2,000,000; each paying 20 on one procedure, two
 * per procedure, with its allocation). Prints, asserting nothing:
 *  1. a patient's balance with the procedures it is made of (`PatientProcedure/GetPatientProcedurePrinting`), their ledger
 *     (`PatientProcedure/GetPatientLedger`) and /PatientsPaymentsList's first page sorted by remaining amount
 *     (`Reports/GetPatientPaymentReport`), sequentially, against the two floors of bench/lib.ts measured in the same
 *     run — target p95 ≤ 1.5 × the JSON floor's;
 *  2. a payment saved (`PatientProcedure/SaveProcedurePayment`, on account, one patient) under BENCH_CLIENTS (50)
 *     concurrent clients over HTTP, against the same transaction's statements (recorded from one save; each replay
 *     puts the number the counter answers into its inserts, as the save does) run bare by as many connections —
 *     target ≥ 67 % of the bare rate.
 *
 *   npm run bench:billing                                                  100,000 / 1,000,000 / 2,000,000
 *   BENCH_PATIENTS=10000 BENCH_PROCEDURES=100000 BENCH_PAYMENTS=200000 npm run bench:billing
 *   DATABASE_URL=postgres://... npm run bench:billing                      (part 2 is meaningful on PostgreSQL only)
 *   BENCH_ONLY='branch|doctor' BENCH_ENTRIES=1 BENCH_KEEP=1 ...            some reads; each filtered list once from the
 *                                                                          entries too; keep the seeded database
 */
import { performance } from 'node:perf_hooks';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type PatientPaymentReportInput, paymentsCalls } from '@dental/contract';
import { sql } from 'drizzle-orm';
import { loadClinicSession } from '../apps/server/src/platform/auth/session.js';
import { verifyToken } from '../apps/server/src/platform/auth/tokens.js';
import { balancePartsDrift, balancesDrift, getPatientPaymentReport } from '../apps/server/src/modules/payments/index.js';
import { withTenant } from '../apps/server/src/platform/db/tenancy.js';
import { Client } from '../apps/server/src/platform/db/pg-client.js';
import {
  type Floors, type SentStatement, benchClinic, benchServer, floorDriver, printFloorLegend, printMemory, printTargets, readFloors, recordStatements,
  seedBranchesAndDoctors, sequentialHeader, sequentialLine, sqlRunner, TARGET, throughputHeader, throughputLine, vacuumTables,
  listenForCalls,
} from './lib.js';

const PATIENTS = Number(process.env.BENCH_PATIENTS ?? 100_000);
const PROCEDURES = Number(process.env.BENCH_PROCEDURES ?? 1_000_000);
const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 2_000_000);
const CALLS = Number(process.env.BENCH_CALLS ?? 200);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 10);
const BRANCHES = 3;
const DOCTORS = 12;
const CATALOGUE = 60;
const DAYS = 5 * 365;

const server = await benchServer();
const { app, database } = server;
const clinic = await benchClinic(server, 'bill');
const clinicId = clinic.clinic.id;
const ownerId = clinic.owner.id;

const seedStart = performance.now();
const ids = await withTenant(database.db, clinicId, async (tx) => {
  const run = sqlRunner(tx);
  const { branchIds, doctorIds } = await seedBranchesAndDoctors(tx, clinic, BRANCHES, DOCTORS);
  // the clinic's first payment type (a new clinic has the built-in ones)
  const [type] = (await run(`select id from payment_types where clinic_id = ${clinicId} order by is_default desc, id limit 1`)).rows;
  const tb = (await run(`insert into treatment_branches (clinic_id, name_ar, name_en) values (${clinicId}, 'علاج', 'Treatment') returning id`)).rows;
  const procIds = (await run(`insert into procedures (clinic_id, treatment_branch_id, name_ar, name_en, code, price, insurance_price, tooth_selection)
    select ${clinicId}, ${tb[0]!.id}, 'إجراء ' || g, 'Procedure ' || g, 'D' || (1000 + g), 100 + g * 25, 80 + g * 20, 'tooth'
    from generate_series(1, ${CATALOGUE}) g returning id`)).rows.map((r) => Number(r.id));
  await run(`insert into patients (clinic_id, code, name, name_normalized, mobile)
    select ${clinicId}, g::text, 'Patient ' || g, 'patient ' || g, '+2010' || lpad(g::text, 8, '0')
    from generate_series(1, ${PATIENTS}) g`);
  const firstPatient = Number((await run(`select min(id) as id from patients where clinic_id = ${clinicId}`)).rows[0]!.id);
  await run(`insert into patient_branches (clinic_id, patient_id, branch_id)
    select ${clinicId}, ${firstPatient} + g, (array[${branchIds.join(',')}]::bigint[])[1 + g % ${BRANCHES}]
    from generate_series(0, ${PATIENTS - 1}) g`);
  // procedure g: patient g % PATIENTS, over DAYS days up to now, completed (S3) but one in six cancelled (S5)
  // the entries go in with the row triggers off (the owner's session_replication_role; the summary patient_balances is
  // then built from them in one statement below, as migration 0024 does): a million row triggers would take minutes
  await run(`select set_config('role', 'none', true), set_config('session_replication_role', 'replica', true)`);
  await run(`insert into patient_procedures (clinic_id, patient_id, branch_id, procedure_id, doctor_id, status, teeth, price,
      discount, created_at, completed_at, completed_by)
    select ${clinicId}, ${firstPatient} + g % ${PATIENTS}, b[1 + (g % ${PATIENTS}) % ${BRANCHES}], p[1 + (g * 7) % ${CATALOGUE}],
      d[1 + (g / 3) % ${DOCTORS}], case when g % 6 = 5 then 'S5' else 'S3' end,
      jsonb_build_array(jsonb_build_object('tooth', 36, 'surfaces', jsonb_build_array('O'))),
      100 + (g * 7) % ${CATALOGUE} * 25, case when g % 10 = 0 then 10 else 0 end, c, c, d[1 + (g / 3) % ${DOCTORS}]
    from generate_series(0, ${PROCEDURES - 1}) g,
      (select array[${branchIds.join(',')}]::bigint[] b, array[${doctorIds.join(',')}]::bigint[] d, array[${procIds.join(',')}]::bigint[] p) refs,
      lateral (select now() - ((${PROCEDURES - 1} - g)::float8 / ${PROCEDURES} * ${DAYS}) * interval '1 day' c) x`);
  const firstProcedure = Number((await run(`select min(id) as id from patient_procedures where clinic_id = ${clinicId}`)).rows[0]!.id);
  // payment g: 20 on procedure g % PROCEDURES (not a cancelled one: the one before it), receipt g + 1, a day after it
  await run(`insert into patient_payments (clinic_id, patient_id, branch_id, ledger_type, amount, payment_type_id, paid_on, receipt_no,
      received_by, created_by, created_at)
    select ${clinicId}, pp.patient_id, pp.branch_id, 'LT1', 20, ${type!.id}, (pp.created_at + interval '1 day')::date, g + 1,
      ${ownerId}, ${ownerId}, pp.created_at + interval '1 day'
    from generate_series(0, ${PAYMENTS - 1}) g
      join patient_procedures pp on pp.clinic_id = ${clinicId}
        and pp.id = ${firstProcedure} + (g % ${PROCEDURES}) - case when g % ${PROCEDURES} % 6 = 5 then 1 else 0 end`);
  await run(`insert into payment_allocations (clinic_id, payment_id, patient_procedure_id, amount, created_by)
    select ${clinicId}, pay.id, pp.id, 20, ${ownerId}
    from patient_payments pay join patient_procedures pp on pp.clinic_id = ${clinicId} and pp.id = ${firstProcedure}
      + ((pay.receipt_no - 1) % ${PROCEDURES}) - case when (pay.receipt_no - 1) % ${PROCEDURES} % 6 = 5 then 1 else 0 end
    where pay.clinic_id = ${clinicId}`);
  await run(`insert into patient_balances (clinic_id, patient_id, share, paid, credit)
    select clinic_id, patient_id, sum(share), sum(paid), sum(credit) from (
      select pp.clinic_id, pp.patient_id, pp.net - pp.insurance_share as share, patient_procedure_paid(pp.clinic_id, pp.id) as paid, 0 as credit
        from patient_procedures pp where pp.clinic_id = ${clinicId} and pp.status in ('S2', 'S3', 'S4')
      union all
      select p.clinic_id, p.patient_id, 0, 0, patient_payment_unapplied(p.clinic_id, p.id, p.amount)
        from patient_payments p where p.clinic_id = ${clinicId} and p.ledger_type = 'LT2'
          and not exists (select 1 from payment_reversals r where r.clinic_id = p.clinic_id and r.payment_id = p.id)) e
    group by clinic_id, patient_id`);
  // and its parts per branch and doctor (patient_balance_parts, migration 0027), what is paid aggregated once
  await run(`insert into patient_balance_parts (clinic_id, patient_id, branch_id, doctor_id, share, paid, oldest_at)
    select clinic_id, patient_id, coalesce(branch_id, 0), coalesce(doctor_id, 0), sum(share), sum(paid), min(at) filter (where share > paid)
    from (select pp.clinic_id, pp.patient_id, pp.branch_id, pp.doctor_id, pp.net - pp.insurance_share as share,
        coalesce(al.paid, 0) as paid, coalesce(pp.completed_at, pp.created_at) as at
      from patient_procedures pp left join (select a.patient_procedure_id, sum(a.amount) as paid from payment_allocations a
          where a.clinic_id = ${clinicId} and not exists (select 1 from payment_reversals r where r.clinic_id = a.clinic_id and r.payment_id = a.payment_id)
          group by a.patient_procedure_id) al on al.patient_procedure_id = pp.id
      where pp.clinic_id = ${clinicId} and pp.status in ('S2', 'S3', 'S4')) e
    group by clinic_id, patient_id, grouping sets ((), (branch_id), (doctor_id), (branch_id, doctor_id))`);
  await run(`select set_config('session_replication_role', 'origin', true), set_config('role', 'app_user', true)`);
  await run(`insert into clinic_counters (clinic_id, name, value) values (${clinicId}, 'receipt', ${PAYMENTS})
    on conflict (clinic_id, name) do update set value = excluded.value`);
  return { branchIds, doctorIds, typeId: Number(type!.id), firstPatient };
});
await vacuumTables(database, ['patients', 'patient_branches', 'patient_procedures', 'patient_payments', 'payment_allocations', 'payment_reversals', 'patient_balances', 'patient_balance_parts']);
const seedMs = performance.now() - seedStart;
// the summary the list reads, checked against the entries it sums (payments.sql.ts balancesDrift)
const drifted = await withTenant(database.db, clinicId, async (tx) => (await tx.execute(balancesDrift(clinicId))) as unknown as { rows: unknown[] });
if (drifted.rows.length) throw new Error(`patient_balances differs from the entries for ${drifted.rows.length} patients`);
const partsDrifted = await withTenant(database.db, clinicId, async (tx) => (await tx.execute(balancePartsDrift(clinicId))) as unknown as { rows: unknown[] });
if (partsDrifted.rows.length) throw new Error(`patient_balance_parts differs from the entries in ${partsDrifted.rows.length} rows`);

const patientId = ids.firstPatient + (4242 % PATIENTS);
const REPORT = '/api/Reports/GetPatientPaymentReport';
// BENCH_ONLY=<regular expression>: only the reads whose names match it (and part 2 if it matches 'save')
const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : undefined;
const cases: Array<{ name: string; url: string }> = [
  // the balance with the procedures it is made of (GetPPW answers one row, which the floors' JSON wrapping cannot
  // tell from the tenant scope's opening statements on PostgreSQL)
  { name: "a patient's balance and procedures", url: `/api/PatientProcedure/GetPatientProcedurePrinting?patientId=${patientId}` },
  { name: "a patient's ledger", url: `/api/PatientProcedure/GetPatientLedger?patientId=${patientId}` },
  { name: 'remaining payments, by remaining', url: '/api/Reports/GetPatientPaymentReport?sortField=remaining&sortOrder=descend' },
  // the filtered lists (patient_balance_parts, migration 0027; they summed the entries before)
  { name: 'remaining payments, one branch', url: `${REPORT}?branchId=${ids.branchIds[1]}&sortField=remaining&sortOrder=descend` },
  { name: 'remaining payments, one doctor', url: `${REPORT}?doctorId=${ids.doctorIds[2]}&sortField=remaining&sortOrder=descend` },
  { name: 'remaining payments, branch and doctor', url: `${REPORT}?branchId=${ids.branchIds[0]}&doctorId=${ids.doctorIds[5]}` },
  { name: 'remaining payments, owing 1 year+', url: `${REPORT}?debtAgeDays=365&sortField=remaining&sortOrder=descend` },
  { name: 'remaining payments, oldest debt first', url: `${REPORT}?sortField=oldestUnpaidOn&sortOrder=ascend` },
].filter((c) => !only || only.test(c.name));

console.log(`\nDentix billing benchmark — ${database.kind}, ${PATIENTS.toLocaleString('en')} patients, ${PROCEDURES.toLocaleString('en')} procedures, ${PAYMENTS.toLocaleString('en')} payments (seeded in ${(seedMs / 1000).toFixed(1)} s), ${CALLS} sequential calls each\n`);
const driver = floorDriver(database, CLIENTS);
const { base, http } = await listenForCalls(app);
// the payment save's bare transaction (part 2) runs on a pool of its own, as many connections as clients
const replayPool = database.kind === 'pglite' ? undefined : new pg.Pool({ Client, connectionString: database.url, max: CLIENTS });
const targets: Array<{ name: string; met: boolean }> = [];
sequentialHeader('1. reads, sequential (ms)');
for (const c of cases) {
  const call = async () => {
    const res = await http.call({ method: 'GET', url: c.url, headers: clinic.headers });
    if (res.statusCode !== 200) throw new Error(`${c.name}: ${res.statusCode} ${res.body}`);
    return res;
  };
  const floors = await readFloors(database, driver, call);
  const line = await sequentialLine(c.name, floors, call, CALLS, http.overHttp(floors, { method: 'GET', headers: clinic.headers }));
  targets.push({ name: `${c.name}: sequential p95 ≤ ${TARGET.p95Ratio}x the JSON floor's`, met: line.met });
}
printFloorLegend(database, CLIENTS);

// /PatientsPaymentsList's statements and their plans, as the application role runs them (row-level security on)
for (const report of cases.filter((c) => c.url.startsWith(REPORT))) {
  const sentReport = await recordStatements(database, () => app.inject({ method: 'GET', url: report.url, headers: clinic.headers }));
  const main = sentReport.find((st) => /patient_balance/.test(st.text));
  if (main) {
    const literal = (v: unknown) => (v === null ? 'null' : typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`);
    const text = main.text.replace(/\$(\d+)/g, (_, n: string) => literal(main.params[Number(n) - 1]));
    await withTenant(database.db, clinicId, async (tx) => {
      const plan = (await tx.execute(sql.raw(`explain (analyze, costs off, timing off, summary on) ${text}`))) as unknown as { rows: Array<Record<string, string>> };
      console.log(`\nplan: /PatientsPaymentsList, ${report.name.replace('remaining payments, ', '')}`);
      for (const r of plan.rows) console.log('  ' + Object.values(r)[0]);
    });
  }
  // the same list summed from the entries, as every filtered list was before (once: seconds at full size)
  if (process.env.BENCH_ENTRIES && report.name !== 'remaining payments, by remaining') {
    const input = paymentsCalls.getPatientPaymentReport.input.parse(Object.fromEntries(new URL(report.url, 'http://x').searchParams)) as PatientPaymentReportInput;
    const claims = verifyToken(clinic.headers.authorization, app.deps.config.TOKEN_SECRET)!;
    const started = performance.now();
    await withTenant(database.db, clinicId, async (tx, scope) => getPatientPaymentReport(tx, await loadClinicSession(tx, claims, {}, scope), input, 'entries'));
    console.log(`  from the entries instead (before 0027), one call: ${(performance.now() - started).toFixed(0)} ms`);
  }
}

// 2. one payment on account, saved over HTTP by CLIENTS clients; the floor replays one save's statements (begin, the
// locks, the receipt counter, the inserts, the money history, commit), each replay taking the counter's next number
const body = { patientId, ledgerType: 'LT2', amount: '5', paymentTypeId: ids.typeId, branchId: ids.branchIds[0] };
const save = () => app.inject({ method: 'POST', url: '/api/PatientProcedure/SaveProcedurePayment', headers: clinic.headers, payload: body });
await save();
let receiptNo = 0;
let paymentId = 0;
const sent = await recordStatements(database, async () => {
  const res = await save();
  if (res.statusCode !== 200) throw new Error(`save: ${res.statusCode} ${res.body}`);
  ({ receiptNo, id: paymentId } = res.json() as { receiptNo: number; id: number });
});
const replay = saveReplay(sent, receiptNo, paymentId);
const writeFloors = { sql: replay, sqlJson: replay } as unknown as Floors;
// a floor that fails is no floor (runClients would count its failures and report a share over nothing)
const floorError = await replay().then(() => null, (e: unknown) => e);

await http.close();
console.log(`\n2. a payment saved, ${CLIENTS} concurrent clients for ${LOAD_SECONDS} s (${sent.length} statements a save; SQL and JSON: the same bare replay)`);
throughputHeader('');
if (floorError) console.log(`   the bare replay fails, part 2 not measured: ${String(floorError).slice(0, 300)}`);
else if (only && !only.test('save')) console.log('   not run (BENCH_ONLY)');
else if (LOAD_SECONDS <= 0) console.log('   not run (BENCH_LOAD_SECONDS=0)');
else {
  const line = await throughputLine('SaveProcedurePayment (on account)', writeFloors,
    { url: `${base}/api/PatientProcedure/SaveProcedurePayment`, method: 'POST', headers: { ...clinic.headers, 'content-type': 'application/json' }, body: JSON.stringify(body) },
    CLIENTS, LOAD_SECONDS);
  targets.push({ name: `a payment saved: ${CLIENTS} clients ≥ ${TARGET.throughputShare * 100}% of the bare transaction's rate`, met: line.met });
}
printTargets(targets);
await driver.close();
await replayPool?.end();
printMemory();
if (process.env.BENCH_KEEP) {
  // keep the seeded database for looking at plans by hand (dropped otherwise)
  console.log(`kept: ${(database as { url?: string }).url}`);
  process.exit(0);
}
await server.close();

/** The $n (0-based) a single-row `insert into t (cols) values (...)` sends for `column`. */
function paramOf(s: SentStatement, column: string) {
  const m = /\(([^)]*)\)\s*values\s*\(([^)]*)\)/i.exec(s.text);
  const columns = m?.[1]!.split(',').map((c) => c.trim().replace(/"/g, '')) ?? [];
  const value = m?.[2]!.split(',').map((v) => v.trim())[columns.indexOf(column)];
  if (!value?.startsWith('$')) throw new Error(`no parameter for ${column} in ${s.text.slice(0, 80)}`);
  return Number(value.slice(1)) - 1;
}

/** The driver's arguments of `s` with other parameter values (node-postgres: `query(config, values)`; PGlite the same). */
function withParams(s: SentStatement, params: unknown[]) {
  const [first, second, ...rest] = s.args;
  if (Array.isArray(second)) return [first, params, ...rest];
  return [{ ...(first as object), values: params }, second, ...rest].slice(0, s.args.length);
}

/** The first row's `name` of a driver answer (rows as objects or, with rowMode 'array', as arrays). */
function valueOf(result: { rows: unknown[]; fields?: Array<{ name: string }> }, name: string) {
  const row = result.rows[0];
  return Number(Array.isArray(row) ? row[result.fields!.findIndex((f) => f.name === name)] : (row as Record<string, unknown>)[name]);
}

/**
 * The bare copy of one recorded save's transaction, run as the server runs it: the same statements in order on one
 * connection, the receipt number that the counter statement answers going into the payment's insert, and the payment
 * id that insert answers (with the number) into the money history's row. So each replay takes the next receipt number
 * under the counter row's lock, as a save does (the first version sent the recorded number again: duplicate key).
 * Since session 14 the save takes the number, inserts and writes the history in one statement (data-modifying CTEs,
 * docs/payments.md): that statement carries no recorded number or id, so it is replayed as sent.
 */
function saveReplay(sent: SentStatement[], recordedReceipt: number, recordedId: number) {
  const oneStatement = sent.some((s) => /^with n as \(insert into "clinic_counters"/i.test(s.text.trim()));
  const counter = sent.findIndex((s) => /^insert into "clinic_counters"/i.test(s.text));
  const insert = sent.findIndex((s) => /^insert into "patient_payments"/i.test(s.text));
  const audit = sent.findIndex((s) => /^insert into "money_audit"/i.test(s.text));
  if (!oneStatement && (counter < 0 || insert < counter || audit < insert)) throw new Error('the save sent no counter, payment and money history statements in that order');
  const receiptAt = oneStatement ? -1 : paramOf(sent[insert]!, 'receipt_no');
  const entityAt = oneStatement ? -1 : paramOf(sent[audit]!, 'entity_id');
  const afterAt = oneStatement ? -1 : paramOf(sent[audit]!, 'after');
  if (!oneStatement && (Number(sent[insert]!.params[receiptAt]) !== recordedReceipt || Number(sent[audit]!.params[entityAt]) !== recordedId))
    throw new Error('the recorded save does not carry its receipt number and id where expected');
  const rewrite = (i: number, s: SentStatement, receipt: number, id: number) => {
    if (oneStatement) return s.args;
    if (i === insert) return withParams(s, s.params.map((p, k) => (k === receiptAt ? receipt : p)));
    if (i !== audit) return s.args;
    return withParams(s, s.params.map((p, k) =>
      k === entityAt ? id : k === afterAt ? String(p).replace(`"receiptNo":${recordedReceipt}`, `"receiptNo":${receipt}`) : p));
  };
  type Answer = { rows: unknown[]; fields?: Array<{ name: string }> };
  const runAll = async (query: (args: unknown[]) => Promise<Answer>) => {
    let receipt = 0;
    let id = 0;
    for (const [i, s] of sent.entries()) {
      const answer = await query(rewrite(i, s, receipt, id));
      if (i === counter) receipt = valueOf(answer, 'value');
      if (i === insert) id = valueOf(answer, 'id');
    }
  };
  if (database.kind === 'pglite') {
    // PGlite sends BEGIN/COMMIT itself: the statements recorded inside its transaction run inside one
    const client = (database.db as unknown as { $client: PGlite }).$client;
    return () => client.transaction((tx) => runAll((args) => (tx.query as (...a: unknown[]) => Promise<Answer>)(...args)));
  }
  const pool = replayPool!;
  return async () => {
    const client = await pool.connect();
    try {
      await runAll((args) => (client.query as unknown as (...a: unknown[]) => Promise<Answer>).apply(client, args));
    } catch (e) {
      await client.query('rollback').catch(() => {});
      throw e;
    } finally {
      client.release();
    }
  };
}
