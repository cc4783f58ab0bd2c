/**
 * Patients benchmark (quick search and list page on a clinic with 100,000 patients). Each call is measured through
 * the server (token, tenant transaction, session, the call's SQL, JSON) against two floors measured in the same run
 * (issue 19): the statements one call sends, recorded from the driver and replayed bare through it (rows returned),
 * and the same with PostgreSQL building the list's JSON. Targets: p95 ≤ 1.5 × the JSON floor's (and ≤ 20 ms); under
 * BENCH_CLIENTS (50) concurrent clients over HTTP, for the list and a quick search, ≥ 67 % of the JSON floor's
 * requests per second. Prints the query plans, so the indexes in use can be seen. Asserts nothing.
 *
 *   npm run bench:patients              100,000 patients, 200 calls each
 *   BENCH_PATIENTS=20000 BENCH_CALLS=100 npm run bench:patients
 */
import { performance } from 'node:perf_hooks';
import { normalizeName, type SearchPatientsInput } from '@dental/contract';
import { type SQL, and, desc, eq, isNull, sql } from 'drizzle-orm';
import { patients, quickSearch, refreshSearchWords, searchPatients, wordsSearchQuery } from '../apps/server/src/modules/patients/index.js';
import { branches } from '../apps/server/src/platform/auth/identity.table.js';
import { withTenant, withTenantRead } from '../apps/server/src/platform/db/tenancy.js';
import {
  benchClinic, benchServer, floorDriver, listenForCalls, namedAgainstUnnamed, printFloorLegend, printMemory, printTargets, readFloors, sequentialHeader, sequentialLine,
  runStatement, scopeComparison, scopeHeader, TARGET, throughputHeader, throughputLine, timeAlternately, vacuumTables,
} from './lib.js';

const PATIENTS = Number(process.env.BENCH_PATIENTS ?? 100_000);
const CALLS = Number(process.env.BENCH_CALLS ?? 200);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 10);

const FIRST = ['أحمد', 'محمد', 'محمود', 'مصطفى', 'إبراهيم', 'علي', 'حسن', 'حسين', 'عمر', 'يوسف', 'خالد', 'طارق', 'كريم', 'إسلام', 'عبد الله', 'عبد الرحمن', 'سامي', 'هشام', 'وليد', 'ياسر', 'فاطمة', 'مريم', 'آية', 'نورا', 'سارة', 'هدى', 'منى', 'ريم', 'سلمى', 'ياسمين', 'إيمان', 'أسماء', 'رحمة', 'دعاء', 'هبة', 'شيماء', 'نهى', 'أمل', 'ليلى', 'زينب', 'John', 'Mary', 'David', 'Sarah', 'Michael'];
const FAMILY = ['السيد', 'عبد العزيز', 'الشريف', 'رضوان', 'سليمان', 'كامل', 'فوزي', 'جمال', 'منير', 'فتحي', 'عادل', 'النجار', 'الحداد', 'المصري', 'الشافعي', 'القاضي', 'حجازي', 'عثمان', 'بدوي', 'غنيم', 'Smith', 'Brown', 'Wilson'];
const lit = (list: string[]) => `array[${list.map((s) => `'${s.replace(/'/g, "''")}'`).join(',')}]`;

const server = await benchServer();
const { app, database } = server;
const { clinic, branch, headers } = await benchClinic(server, 'bench');
const seedStart = performance.now();
// name = first + father + family, each from the lists above, stored with its folded form as the service does
await withTenant(database.db, clinic.id, (tx) =>
  tx.execute(
    sql.raw(`insert into patients (clinic_id, code, name, name_normalized, mobile, gender, patient_type, date_of_birth)
      select ${clinic.id}, g::text,
        f[1 + g % ${FIRST.length}] || ' ' || f[1 + (g / 7) % ${FIRST.length}] || ' ' || l[1 + (g / 3) % ${FAMILY.length}],
        nf[1 + g % ${FIRST.length}] || ' ' || nf[1 + (g / 7) % ${FIRST.length}] || ' ' || nl[1 + (g / 3) % ${FAMILY.length}],
        '+2010' || lpad(((g::bigint * 7919) % 100000000)::text, 8, '0'),
        case when g % 2 = 0 then 'M' else 'F' end,
        case when g % 50 = 0 then 'PT2' else 'PT1' end,
        date '1950-01-01' + (g % 25000)
      from generate_series(1, ${PATIENTS}) g,
        (select ${lit(FIRST)} f, ${lit(FIRST.map(normalizeName))} nf, ${lit(FAMILY)} l, ${lit(FAMILY.map(normalizeName))} nl) names`),
  ),
);
await withTenant(database.db, clinic.id, (tx) => refreshSearchWords(tx, clinic.id, 'all'));
// two branches, half of the patients in each (a branch-limited user's list and search filter by them)
const secondBranch = await withTenant(database.db, clinic.id, async (tx) => {
  const [row] = await tx.insert(branches).values({ clinicId: clinic.id, name: 'Second' }).returning({ id: branches.id });
  await tx.execute(sql`insert into patient_branches (clinic_id, patient_id, branch_id)
    select clinic_id, id, case when id % 2 = 0 then ${branch.id}::bigint else ${row!.id}::bigint end from patients where clinic_id = ${clinic.id}`);
  return row!.id;
});
// the labs' orders (Lab/GetLabOrders): 8 labs of 5 services each, BENCH_LAB_ORDERS orders over the patients, about
// three years of send dates up to today, most of them delivered
const LAB_ORDERS = Number(process.env.BENCH_LAB_ORDERS ?? 50_000);
await withTenant(database.db, clinic.id, async (tx) => {
  await tx.execute(sql.raw(`insert into labs (clinic_id, name) select ${clinic.id}, 'Lab ' || g from generate_series(1, 8) g`));
  await tx.execute(sql.raw(`insert into lab_services (clinic_id, lab_id, name_ar, name_en)
    select ${clinic.id}, l.id, s.ar, s.en from labs l,
      (values ('تاج زيركون', 'Zirconia crown'), ('تاج خزف', 'Porcelain crown'), ('جسر', 'Bridge'), ('طقم متحرك', 'Denture'), ('واقي ليلي', 'Night guard')) s(ar, en)
    where l.clinic_id = ${clinic.id}`));
  await tx.execute(sql.raw(`insert into lab_orders (clinic_id, order_no, patient_id, lab_id, lab_service_id, status, send_date,
      expected_delivery_date, price, shade, created_at)
    select ${clinic.id}, g, p.ids[1 + (g * 7919) % array_length(p.ids, 1)], sv.lab_id, sv.id,
      case when g > ${LAB_ORDERS} - 300 then (array['LOS1','LOS2','LOS3','LOS4','LOS5','LOS6'])[1 + g % 6] else 'LOS7' end,
      d, d + 7, 500 + (g % 40) * 25, 'A' || (1 + g % 3), d::timestamp at time zone 'UTC'
    from generate_series(1, ${LAB_ORDERS}) g,
      (select array_agg(id order by id) ids from patients where clinic_id = ${clinic.id}) p,
      lateral (select id, lab_id from lab_services where clinic_id = ${clinic.id} order by id offset g % 40 limit 1) sv,
      lateral (select current_date - (1100 * (${LAB_ORDERS} - g) / ${LAB_ORDERS}) d) day`));
});
// BENCH_EXTRA_SQL: statements run (as the owner) after seeding, e.g. an index to measure before it becomes a migration
if (process.env.BENCH_EXTRA_SQL) await database.exec(process.env.BENCH_EXTRA_SQL);
await vacuumTables(database, ['patients', 'patient_search_words', 'patient_branches', 'lab_orders', 'labs', 'lab_services']);
const everyBranch = { clinicId: clinic.id, branchIds: [branch.id, secondBranch], allBranches: true };
const oneBranch = { clinicId: clinic.id, branchIds: [branch.id], allBranches: false };
const seedMs = performance.now() - seedStart;

const cases: Array<{ name: string; input: Partial<SearchPatientsInput> }> = [
  { name: 'list page 1 (newest first)', input: {} },
  { name: 'list page 1 sorted by name', input: { sortField: 'name', sortOrder: 'ascend' } },
  { name: 'list page 1, women, by date of birth', input: { gender: 'F', sortField: 'dateOfBirth', sortOrder: 'descend' } },
  { name: 'list page 100', input: { page: 100 } },
  { name: "quick search 'احم' (Ahmed, many matches)", input: { search: 'احم' } },
  { name: "quick search 'فاطمه عث' (few matches)", input: { search: 'فاطمه عث' } },
  { name: "quick search 'smith'", input: { search: 'smith' } },
  { name: "quick search mobile '0100791'", input: { search: '0100791' } },
];

/** Lab/GetLabOrders: the clinic's lab orders list (issue 19: each later module's main list). */
const labOrderCases = [
  { name: 'lab orders page 1 (newest first)', query: '' },
  { name: 'lab orders: at the lab, by expected date', query: 'status=LOS1,LOS2,LOS3,LOS4,LOS5,LOS6&sortField=expectedDeliveryDate' },
  { name: 'lab orders: one lab, 90 days', query: 'labId=LAB&from=FROM&to=TO' },
];

/** Patient/GetPatientSearchByName: the pickers' quick search (up to 20). */
const pickerCases = [
  { name: "picker 'احم' (many matches)", input: { search: 'احم' } },
  { name: "picker 'فاطمه عث' (few matches)", input: { search: 'فاطمه عث' } },
  { name: "picker mobile '0100791'", input: { search: '0100791' } },
];

const LOAD = new Set([
  'list page 1 (newest first)', 'lab orders page 1 (newest first)', 'list page 1 sorted by name', 'list page 1, women, by date of birth',
  "quick search 'احم' (Ahmed, many matches)", "picker 'احم' (many matches)",
]);

console.log(`\nDentix patients benchmark — ${database.kind}, ${PATIENTS.toLocaleString('en')} patients (seeded in ${(seedMs / 1000).toFixed(1)} s), ${CALLS} sequential calls each\n`);
const driver = floorDriver(database, CLIENTS);
const { base, http } = await listenForCalls(app);
const reads = [];
const targets: Array<{ name: string; met: boolean }> = [];
sequentialHeader('1. sequential (ms)');
const firstLab = (await database.query<{ id: number }>(`select min(id)::int as id from labs where clinic_id = ${clinic.id}`))[0]!.id;
const today = new Date().toISOString().slice(0, 10);
const daysAgo = new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10);
const calls: Array<{ name: string; url: string; method?: 'GET' | 'POST'; payload?: object }> = [
  ...cases.map((c) => ({ name: c.name, url: '/api/Patient/PostSearchPatients', payload: { page: 1, pageSize: 30, ...c.input } })),
  ...pickerCases.map((c) => ({ name: c.name, url: '/api/Patient/GetPatientSearchByName', payload: c.input })),
  ...labOrderCases.map((c) => ({
    name: c.name, method: 'GET' as const,
    url: `/api/Lab/GetLabOrders?${c.query.replace('LAB', String(firstLab)).replace('FROM', daysAgo).replace('TO', today)}`,
  })),
];
// BENCH_ONLY=<regular expression>: only the reads whose names match it
const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : undefined;
for (const c of calls.filter((x) => !only || only.test(x.name))) {
  const call = async () => {
    const res = await http.call({ method: c.method ?? 'POST', url: c.url, headers, payload: c.payload });
    if (res.statusCode !== 200) throw new Error(`${c.name}: ${res.statusCode} ${res.body}`);
    return res;
  };
  const floors = await readFloors(database, driver, call);
  if (LOAD.has(c.name)) reads.push({ ...c, floors });
  const line = await sequentialLine(c.name, floors, call, CALLS, http.overHttp(floors, { method: c.method ?? 'POST', headers, payload: c.payload }));
  const fast = line.call.p95 <= 20;
  targets.push({ name: `${c.name}: sequential p95 ≤ ${TARGET.p95Ratio}x the JSON floor's`, met: line.met });
  if (!fast) console.log(`      (call p95 ${line.call.p95.toFixed(1)} ms > 20 ms, the patients issue's limit)`);
}
printFloorLegend(database, CLIENTS);

/** BENCH_PLANS=1: the main statement PREPAREd with its values, EXPLAIN (ANALYZE) EXECUTE with a generic and a custom plan. */
async function genericAndCustomPlans(main: { text: string; params: unknown[] }) {
  const literal = (v: unknown) => (v === null || v === undefined ? 'null' : `'${String(v).replace(/'/g, "''")}'`);
  for (const mode of ['force_generic_plan', 'force_custom_plan']) {
    const rows = await withTenant(database.db, clinic.id, async (tx) => {
      await tx.execute(sql.raw(`set local plan_cache_mode = ${mode}`));
      await tx.execute(sql.raw(`prepare bench_plan as ${main.text}`));
      try {
        return (await tx.execute(sql.raw(`explain (analyze, costs off, summary on) execute bench_plan(${main.params.map(literal).join(', ')})`))) as unknown as { rows: Array<Record<string, string>> };
      } finally {
        await tx.execute(sql.raw('deallocate bench_plan'));
      }
    });
    console.log(`      plan (${mode}):`);
    for (const r of rows.rows) console.log('        ' + Object.values(r)[0]);
  }
}

// 1b. the small reads' gap (issue 19): a named statement's generic plan, or the server's fixed work per request
if (database.kind === 'postgres') {
  console.log(`\n1b. named statement (as sent) against unnamed (planned for its values), and the server's fixed work (p50 / p95 ms)`);
  console.log(''.padEnd(46), 'call'.padStart(15), 'JSON named'.padStart(15), 'JSON unnamed'.padStart(15), 'fixed'.padStart(15));
  const fixed = async () => {
    const res = await http.call({ method: 'GET', url: '/api/Auth/RefreshCurrentUser', headers });
    if (res.statusCode !== 200) throw new Error(`RefreshCurrentUser: ${res.statusCode}`);
    return res;
  };
  for (const c of calls.filter((x) => /mobile|فاطمه|women/.test(x.name))) {
    const call = async () => {
      const res = await http.call({ method: c.method ?? 'POST', url: c.url, headers, payload: c.payload });
      if (res.statusCode !== 200) throw new Error(`${c.name}: ${res.statusCode} ${res.body}`);
      return res;
    };
    const floors = await readFloors(database, driver, call);
    await namedAgainstUnnamed(c.name, floors, driver, call, fixed, CALLS);
    if (process.env.BENCH_PLANS) await genericAndCustomPlans(floors.main);
  }
  // how PostgreSQL ran the server's named statements: generic_plans (planned once) or custom_plans (planned every run)
  const cached = await withTenantRead(database.db, clinic.id, (tx) =>
    tx.execute(sql.raw(`select name, generic_plans, custom_plans from pg_prepared_statements where name like 'dentix_patients%' order by name`)));
  for (const r of (cached as unknown as { rows: Array<Record<string, unknown>> }).rows)
    console.log(`      ${String(r.name).padEnd(44)} generic ${r.generic_plans}, custom ${r.custom_plans}`);
}

await http.close();
console.log(`\n2. throughput, ${CLIENTS} concurrent clients for ${LOAD_SECONDS} s each`);
throughputHeader('');
for (const r of LOAD_SECONDS > 0 ? reads : []) {
  const load = r.method === 'GET'
    ? { url: base + r.url, headers }
    : { url: base + r.url, method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(r.payload) };
  const line = await throughputLine(r.name, r.floors, load, CLIENTS, LOAD_SECONDS);
  targets.push({ name: `${r.name}: ${CLIENTS} clients ≥ ${TARGET.throughputShare * 100}% of the JSON floor's req/s`, met: line.met });
}
printTargets(targets);
await driver.close();

// the tenant scope's round trips, A/B in this run (as in scheduler.ts): list page 1's statement in each scope
if (database.kind === 'postgres') {
  scopeHeader(`2b. tenant scopes, list page 1's statement, no HTTP (${CLIENTS} callers)`, CLIENTS);
  const first = reads[0]!;
  await scopeComparison(first.name, database.db, clinic.id, (tx) => runStatement(tx, first.floors.main), CALLS, CLIENTS, LOAD_SECONDS);
}

// a user of one branch (half of the patients): the same cases, the service function run directly for the owner and
// for a branch-limited user
console.log(`\n3. branch-limited user (one of two branches): the service function run directly in a tenant transaction\n`);
console.log('case'.padEnd(44), 'rows'.padStart(7), 'all p50'.padStart(9), 'all p95'.padStart(9), 'one p50'.padStart(9), 'one p95'.padStart(9));
for (const c of cases) {
  const input = { page: 1, pageSize: 30, ...c.input } as SearchPatientsInput;
  let total = 0;
  const [floor, call] = await timeAlternately([
    () => withTenant(database.db, clinic.id, (tx) => searchPatients(tx, everyBranch, 'Africa/Cairo', input)),
    () =>
      withTenant(database.db, clinic.id, async (tx) => {
        total = (JSON.parse((await searchPatients(tx, oneBranch, 'Africa/Cairo', input)).text) as { total: number }).total;
      }),
  ], CALLS);
  console.log(
    c.name.padEnd(44), String(total).padStart(7), floor!.p50.toFixed(2).padStart(9), floor!.p95.toFixed(2).padStart(9),
    call!.p50.toFixed(2).padStart(9), call!.p95.toFixed(2).padStart(9),
  );
}

// the plans of the queries the service runs, as the application role runs them (row-level security on)
const plan = async (label: string, query: SQL) => {
  const rows = await withTenant(database.db, clinic.id, (tx) => tx.execute(sql`explain (analyze, costs off, timing off, summary on) ${query}`));
  console.log(`\nplan: ${label}`);
  for (const r of (rows as unknown as { rows: Array<Record<string, string>> }).rows) console.log('  ' + Object.values(r)[0]);
};
const firstPage = { limit: 30, offset: 0, descending: false, fetch: 60 };
await plan("quick search 'احم' (one word: the words index sorts and counts)", wordsSearchQuery(clinic.id, 'احم', firstPage).query);
await plan("quick search 'فاطمه عث' (words intersected in the words index)", wordsSearchQuery(clinic.id, 'فاطمه عث', firstPage).query);
await plan("quick search '0100791' (mobile digits, or a code)", wordsSearchQuery(clinic.id, '0100791', firstPage).query);
const filtered = (text?: string) =>
  database.db
    .select({ id: patients.id, name: patients.name })
    .from(patients)
    .where(and(eq(patients.clinicId, clinic.id), isNull(patients.deletedAt), quickSearch(clinic.id, text), text ? eq(patients.patientType, 'PT2') : undefined))
    .orderBy(text ? patients.nameNormalized : desc(patients.id))
    .limit(30)
    .getSQL();
await plan("quick search 'احم' with a filter (patient type)", filtered('احم'));
await plan('list page 1', filtered());

printMemory();
if (process.env.BENCH_KEEP) {
  // keep the seeded database for looking at plans by hand (dropped otherwise)
  console.log(`kept: ${(database as { url?: string }).url}`);
  process.exit(0);
}
await server.close();
