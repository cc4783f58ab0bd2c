import {
  type PatientProceduresFilterInput,
  type PatientProceduresInput,
  currencyDecimals,
  normalizeName,
  patientProceduresCalls as calls,
} from '@dental/contract';
import { type SQL, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { type TestClinic, api, expectContractAnswer, newClinic, newPatient, testApp } from '../../../test/harness.js';
import { recordStatements } from '../../../test/record-statements.js';
import { type ClinicSession, loadClinicSession } from '../../platform/auth/session.js';
import { verifyToken } from '../../platform/auth/tokens.js';
import { withTenant } from '../../platform/db/tenancy.js';
import type { Tx } from '../../platform/db/types.js';
import { fail } from '../../platform/errors.js';
import { findPatient, patients } from '../patients/index.js';
import { procedures } from '../treatments/index.js';
import { SORT_KEYS, itemFields, itemFrom, itemJoins, pp, totalsText } from './patient-procedures-read.service.js';
import { patientProcedureStatusHistory, patientProcedures } from './patient-procedures.table.js';
import { toothNotes } from '../dental-chart/index.js';
import { users } from '../../platform/auth/identity.table.js';
import { isoInstant } from '../../platform/db/json-list.js';
import { AppError } from '../../platform/errors.js';
import {
  PATH, addBranch, addProcedure, addUser, addUserToBranch, createProcedure, expectError, insuredPatient, setClinic,
} from './patient-procedures-test-kit.js';
import { jsonArray } from '../../platform/db/json-list.js';

/**
 * GetPatientProcedures and GetPatientProceduresFilter run statements built once per shape, as named prepared
 * statements (runBuilt, issue 14). Each case is checked against the contract's schema and compared, byte for byte,
 * with the answer of the path it replaced — the same JSON built by PostgreSQL, but the statement composed on every
 * request with its values inline — kept here as the reference (its item fields, joins and totals are the service's,
 * unchanged; what is kept is how the filters, scope, sort and page were written).
 */
const t = await testApp();

const pt = alias(patients, 'pt');
const pr = alias(procedures, 'pr');
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const statusIn = (statuses?: readonly string[]) =>
  statuses?.length ? sql`${pp.status} in (${sql.join(statuses.map((s) => sql`${s}`), sql`, `)})` : sql`true`;

/** The replaced GetPatientProcedures (patient-procedures-read.service.ts before issue 14's runBuilt). */
async function referencePatientProcedures(tx: Tx, session: ClinicSession, input: PatientProceduresInput) {
  await findPatient(tx, session, input.patientId);
  const d = currencyDecimals(session.clinic.currency);
  const where = sql`${pp.clinicId} = ${session.clinicId} and ${pp.patientId} = ${input.patientId}
    and ${input.tooth ? sql`${pp.teeth} @> ${JSON.stringify([{ tooth: input.tooth }])}::jsonb` : sql`true`} and ${statusIn(input.status)}`;
  const [row] = rowsOf<{ items: string; totals: string }>(
    await tx.execute(sql`select
      (select ${jsonArray(itemFields(d), [sql`${pp.createdAt} desc`, sql`${pp.id} desc`])} from ${itemFrom} where ${where}) as items,
      (select '{"planned":' || ${totalsText(d, sql`status = 'S1'`)} || ',"inProgress":' || ${totalsText(d, sql`status = 'S2'`)}
          || ',"completed":' || ${totalsText(d, sql`status in ('S3', 'S4')`)} || ',"cancelled":' || ${totalsText(d, sql`status = 'S5'`)}
          || ',"all":' || ${totalsText(d, sql`status <> 'S5'`)} || '}'
        from (select ${pp.status} as status, ${pp.price} as price, ${pp.discount} as discount, ${pp.net} as net
          from ${patientProcedures} ${pp} where ${where}) s) as totals`),
  );
  return `{"items":${row!.items},"totals":${row!.totals}}`;
}

/** The replaced GetPatientProceduresFilter. */
async function referenceFilter(tx: Tx, session: ClinicSession, input: PatientProceduresFilterInput) {
  if (input.from && input.to && input.to < input.from) fail('end_date_before_start', { to: 'end_date_before_start' });
  const tz = session.clinic.timeZone;
  const dayStart = (date: string) => sql`(${date}::date::timestamp at time zone ${tz})`;
  const parts: SQL[] = [sql`${pp.clinicId} = ${session.clinicId}`];
  if (input.branchId) {
    if (!session.clinicBranchIds.includes(input.branchId)) fail('not_found');
    if (!session.branchIds.includes(input.branchId)) fail('BS15');
    parts.push(sql`${pp.branchId} = ${input.branchId}`);
  } else if (!session.allBranches) {
    parts.push(session.branchIds.length ? sql`${pp.branchId} in (${sql.join(session.branchIds.map((b) => sql`${b}`), sql`, `)})` : sql`false`);
  }
  if (input.status?.length) parts.push(statusIn(input.status));
  if (input.doctorId) parts.push(sql`${pp.doctorId} = ${input.doctorId}`);
  if (input.patientId) parts.push(sql`${pp.patientId} = ${input.patientId}`);
  if (input.procedureId) parts.push(sql`${pp.procedureId} = ${input.procedureId}`);
  if (input.treatmentBranchId) parts.push(sql`${pr.treatmentBranchId} = ${input.treatmentBranchId}`);
  if (input.from || input.to) {
    if (input.dateField === 'plannedDate') {
      if (input.from) parts.push(sql`${pp.plannedDate} >= ${input.from}::date`);
      if (input.to) parts.push(sql`${pp.plannedDate} <= ${input.to}::date`);
    } else {
      const column = input.dateField === 'completedAt' ? pp.completedAt : pp.createdAt;
      if (input.from) parts.push(sql`${column} >= ${dayStart(input.from)}`);
      if (input.to) parts.push(sql`${column} < ${dayStart(input.to)} + interval '1 day'`);
    }
  }
  const search = input.search?.trim();
  if (search) {
    const folded = normalizeName(search).replace(/[\\%_]/g, (c) => `\\${c}`);
    parts.push(sql`(${pt.code} = ${search} or ${pt.nameNormalized} like ${`%${folded}%`})`);
  }
  const where = sql.join(parts, sql` and `);
  const d = currencyDecimals(session.clinic.currency);
  const dir = sql.raw(input.sortOrder === 'ascend' ? 'asc' : 'desc');
  const key = SORT_KEYS[input.sortField ?? 'createdAt'];
  const offset = (input.page - 1) * input.pageSize;
  const matchFrom = sql`${patientProcedures} ${pp}
    ${search || input.sortField === 'patientName' ? sql`join ${patients} ${pt} on ${pt.clinicId} = ${pp.clinicId} and ${pt.id} = ${pp.patientId}` : sql``}
    ${input.treatmentBranchId ? sql`join ${procedures} ${pr} on ${pr.clinicId} = ${pp.clinicId} and ${pr.id} = ${pp.procedureId}` : sql``}`;
  const [row] = rowsOf<{ answer: string }>(
    await tx.execute(sql`with m as materialized (
        select ${pp.id} as id, ${key} as k, ${pp.price} as price, ${pp.discount} as discount, ${pp.net} as net
        from ${matchFrom} where ${where}),
      page as (select id, k from m order by k ${dir} nulls last, id ${dir} limit ${input.pageSize} offset ${offset})
      select '{"items":' || (
          select ${jsonArray(itemFields(d), [sql`page.k ${dir} nulls last`, sql`page.id ${dir}`])}
          from page join ${patientProcedures} ${pp} on ${pp.clinicId} = ${session.clinicId} and ${pp.id} = page.id ${itemJoins})
        || ',"total":' || count(*) || ',"page":' || ${input.page}::int || ',"pageSize":' || ${input.pageSize}::int
        || ',"totals":' || ${totalsText(d)} || '}' as answer
      from m`),
  );
  return row!.answer;
}

/** Items of `where` newest first, as JSON text (the replaced reads of one procedure and of a tooth). */
async function referenceItems(tx: Tx, decimals: number, where: SQL) {
  const [row] = rowsOf<{ items: string }>(
    await tx.execute(sql`select ${jsonArray(itemFields(decimals), [sql`${pp.createdAt} desc`, sql`${pp.id} desc`])} as items
      from ${itemFrom} where ${where}`),
  );
  return row!.items;
}

/** The replaced GetPatientProcedure (four statements composed per request, before session 12). */
async function referencePatientProcedure(tx: Tx, session: ClinicSession, id: number) {
  const [found] = await tx
    .select({ patientId: patientProcedures.patientId })
    .from(patientProcedures)
    .where(sql`${patientProcedures.clinicId} = ${session.clinicId} and ${patientProcedures.id} = ${id}`);
  if (!found) return fail('patient_procedure_not_found');
  await findPatient(tx, session, found.patientId);
  const items = await referenceItems(tx, currencyDecimals(session.clinic.currency), sql`${pp.clinicId} = ${session.clinicId} and ${pp.id} = ${id}`);
  const history = rowsOf<{ items: string }>(
    await tx.execute(sql`select ${jsonArray(
      {
        fromStatus: sql`h.from_status`,
        toStatus: sql`h.to_status`,
        changedByName: sql`u.display_name`,
        changedAt: isoInstant(sql`h.changed_at`),
        note: sql`h.note`,
      },
      [sql`h.changed_at`, sql`h.id`],
    )} as items
      from ${patientProcedureStatusHistory} h
      left join ${users} u on u.clinic_id = h.clinic_id and u.id = h.changed_by
      where h.clinic_id = ${session.clinicId} and h.patient_procedure_id = ${id}`),
  )[0]!.items;
  return `${items.slice(1, -2)},"statusHistory":${history}}`;
}

/** The replaced GetPatientToothDetails (three statements composed per request, before session 12). */
async function referenceToothDetails(tx: Tx, session: ClinicSession, input: { patientId: number; tooth: number }) {
  await findPatient(tx, session, input.patientId);
  const items = await referenceItems(
    tx,
    currencyDecimals(session.clinic.currency),
    sql`${pp.clinicId} = ${session.clinicId} and ${pp.patientId} = ${input.patientId} and ${pp.teeth} @> ${JSON.stringify([{ tooth: input.tooth }])}::jsonb`,
  );
  const [notes] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(toothNotes)
    .where(sql`${toothNotes.clinicId} = ${session.clinicId} and ${toothNotes.patientId} = ${input.patientId} and ${toothNotes.tooth} = ${input.tooth}`);
  return `{"tooth":${input.tooth},"items":${items},"notesCount":${notes!.n}}`;
}

type Call = 'getPatientProcedures' | 'getPatientProceduresFilter' | 'getPatientProcedure' | 'getPatientToothDetails';

/** The replaced path's answer for the same query string, parsed by the call's input schema as the route parses it. */
async function referenceAnswer(c: TestClinic, token: string, call: Call, query: Record<string, unknown>) {
  const claims = verifyToken(`Bearer ${token}`, t.app.deps.config.TOKEN_SECRET)!;
  const raw = Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)]));
  return withTenant(t.database.db, c.clinicId, async (tx, scope) => {
    const session = await loadClinicSession(tx, claims, {}, scope);
    if (call === 'getPatientProcedures') return referencePatientProcedures(tx, session, calls.getPatientProcedures.input.parse(raw));
    if (call === 'getPatientProcedure') return referencePatientProcedure(tx, session, calls.getPatientProcedure.input.parse(raw).id);
    if (call === 'getPatientToothDetails') return referenceToothDetails(tx, session, calls.getPatientToothDetails.input.parse(raw));
    return referenceFilter(tx, session, calls.getPatientProceduresFilter.input.parse(raw));
  });
}

/** Through the server: the contract's answer, and byte for byte the replaced path's. Answers the item count. */
async function compare(c: TestClinic, token: string, call: Call, query: Record<string, unknown>, label: string) {
  const res = await api(t, token).get(PATH[call], query);
  const answer = expectContractAnswer(calls[call], res) as { items?: unknown[]; statusHistory?: unknown[] };
  const reference = await referenceAnswer(c, token, call, query);
  expect(res.body, label).toBe(reference);
  expect(answer, label).toEqual(JSON.parse(reference));
  return (answer.items ?? answer.statusHistory)!.length;
}

/** Through the server the error the replaced path refuses the same query with (status and code). */
async function compareRefusal(c: TestClinic, token: string, call: Call, query: Record<string, unknown>, status: number, code: string) {
  const refused = await referenceAnswer(c, token, call, query).then(() => undefined, (e: unknown) => e);
  expect(refused, `${call} ${JSON.stringify(query)}`).toBeInstanceOf(AppError);
  expect((refused as AppError).code).toBe(code);
  await expectError(api(t, token).get(PATH[call], query), status, code);
}

/**
 * A clinic with two branches, two doctors, three procedures of two treatment branches, patients whose names need
 * escaping, and procedures in every status with discounts (amount, percent), insurance, planned dates, completion
 * dates, teeth and visits.
 */
async function procedureClinic(currency?: string) {
  const c = await newClinic(t);
  if (currency) await setClinic(t, c, { currency });
  const b2 = await addBranch(t, c, 'فرع "2" \\ ب');
  const doctor = await addUser(t, c, ['patient_procedures', 'treatment_add'], 'RL3');
  await addUserToBranch(t, c, doctor.id, b2);
  const rc = await addProcedure(t, c, { price: '100.5' });
  const crown = await addProcedure(t, c, { price: '300', toothSelection: 'surface' });
  const clean = await addProcedure(t, c, { price: '45', toothSelection: 'none', branchId: b2 });
  const mona = await newPatient(t, c, { name: 'منى "حسن" 😀' });
  const ali = await newPatient(t, c, { name: 'Ali_Omar 100%' });
  const insured = await insuredPatient(t, c, { coveragePercentage: '30' });
  const made: number[] = [];
  const add = async (input: Record<string, unknown> & { patientId: number; procedureId: number }) =>
    made.push((await createProcedure(t, c, input)).id);
  await add({ patientId: mona, procedureId: rc.procedureId, teeth: [{ tooth: 36, surfaces: ['M', 'O'] }, { tooth: 37 }], notes: 'سطر "1"\n\\ ملاحظة', plannedDate: '2030-01-06' });
  await add({ patientId: mona, procedureId: crown.procedureId, teeth: [{ tooth: 36, surfaces: ['O'] }], status: 'S3', discount: { kind: 'percent', value: '12.5' } });
  await add({ patientId: mona, procedureId: crown.procedureId, teeth: [{ tooth: 11, surfaces: ['B'] }], doctorId: doctor.id, discount: { kind: 'amount', value: '20' } });
  await add({ patientId: ali, procedureId: rc.procedureId, teeth: [{ tooth: 46 }], plannedDate: '2030-02-01' });
  await add({ patientId: ali, procedureId: clean.procedureId, teeth: [], branchId: b2, doctorId: doctor.id, status: 'S3' });
  await add({ patientId: insured.patientId, procedureId: rc.procedureId, teeth: [{ tooth: 21 }] });
  await add({ patientId: insured.patientId, procedureId: clean.procedureId, teeth: [], branchId: b2 });
  // statuses S2, S4 and S5, completion dates on other days, creation dates spread over days (and equal ones: the id
  // breaks the tie), a visit
  await withTenant(t.database.db, c.clinicId, async (tx) => {
    // no digit in the third patient's name: a search by code finds the codes and Ali's name only
    await tx.update(patients).set({ name: 'مريض مؤمن', nameNormalized: normalizeName('مريض مؤمن') }).where(eq(patients.id, insured.patientId));
    const set = (id: number, values: Partial<typeof patientProcedures.$inferInsert>) =>
      tx.update(patientProcedures).set(values).where(eq(patientProcedures.id, id));
    await set(made[0]!, { createdAt: new Date('2030-01-02T22:30:00.123Z') });
    await set(made[1]!, { status: 'S4', completedBy: doctor.id, createdAt: new Date('2030-01-02T22:30:00.123Z'), completedAt: new Date('2030-01-09T21:59:59.999Z') });
    await set(made[2]!, { status: 'S2', createdAt: new Date('2030-01-05T08:00:00Z') });
    await set(made[3]!, { status: 'S5', createdAt: new Date('2030-01-05T08:00:00Z') });
    await set(made[4]!, { completedAt: new Date('2030-01-10T06:00:00.5Z'), createdAt: new Date('2030-01-08T10:00:00Z') });
    await tx.execute(sql`insert into procedure_visits (clinic_id, patient_procedure_id, doctor_id, visit_date)
      values (${c.clinicId}, ${made[0]!}, ${c.ownerId}, '2030-01-07')`);
  });
  return { c, b2, doctor, rc, crown, clean, mona, ali, insured: insured.patientId, made };
}

describe('the reads of patient procedures: prepared once per shape, answers unchanged', () => {
  it("a patient's procedures: every tooth and status filter answers exactly as the replaced path", async () => {
    const { c, mona, ali, insured, doctor } = await procedureClinic();
    const empty = await newPatient(t, c);
    const cases: Array<[string, Record<string, unknown>, number, string?]> = [
      ['all of a patient', { patientId: mona }, 3],
      ['a tooth', { patientId: mona, tooth: 36 }, 2],
      ['a status', { patientId: mona, status: 'S2' }, 1],
      ['statuses', { patientId: mona, status: 'S1,S4' }, 2],
      ['a tooth and a status', { patientId: mona, tooth: 36, status: 'S4' }, 1],
      ['another patient (cancelled, another branch)', { patientId: ali }, 2],
      ['insured', { patientId: insured }, 2],
      ['no procedures', { patientId: empty }, 0],
      ['the same shape again, other values', { patientId: ali, tooth: 46 }, 1],
      ['a doctor of both branches', { patientId: mona }, 3, doctor.token],
    ];
    const counts: Record<string, number> = {};
    for (const [label, query, , token] of cases) counts[label] = await compare(c, token ?? c.token, 'getPatientProcedures', query, label);
    expect(counts).toEqual(Object.fromEntries(cases.map(([label, , count]) => [label, count])));
  });

  it('/PatientsProceduresList: every filter, scope, date column, sort and page answers exactly as the replaced path', async () => {
    const k = await procedureClinic();
    const { c, b2, doctor } = k;
    // a user of the first branch only, and one of no branch the clinic has any longer (no branch ids: sees nothing)
    const main = await addUser(t, c, ['patient_procedures']);
    const cases: Array<[string, Record<string, unknown>, number, string?]> = [
      ['nothing', {}, 7],
      ['a status', { status: 'S1' }, 3],
      ['statuses', { status: 'S2,S3,S4' }, 3],
      ['a doctor', { doctorId: doctor.id }, 2],
      ['a branch', { branchId: b2 }, 2],
      ['a patient', { patientId: k.mona }, 3],
      ['a procedure', { procedureId: k.crown.procedureId }, 2],
      ['a treatment branch', { treatmentBranchId: k.rc.treatmentBranchId }, 3],
      ['created from', { from: '2030-01-03' }, 5],
      ['created to (the clinic day: before, and those made today)', { to: '2030-01-02' }, 2],
      ['created on the clinic day', { from: '2030-01-03', to: '2030-01-03' }, 2],
      ['planned between', { dateField: 'plannedDate', from: '2030-01-01', to: '2030-01-31' }, 1],
      ['planned from', { dateField: 'plannedDate', from: '2030-01-07' }, 1],
      ['completed between', { dateField: 'completedAt', from: '2030-01-09', to: '2030-01-10' }, 2],
      ['completed to', { dateField: 'completedAt', to: '2030-01-09' }, 1],
      ['search by name', { search: 'منى' }, 3],
      ['search with like characters', { search: '_omar 100%' }, 2],
      ['search by code (and a name holding it)', { search: '1' }, 5],
      ['everything at once', { status: 'S1,S5', doctorId: c.ownerId, branchId: c.branchId, patientId: k.ali, procedureId: k.rc.procedureId, treatmentBranchId: k.rc.treatmentBranchId, from: '2030-01-01', to: '2040-01-01', search: 'ali' }, 1],
      ['page 2 of 3 a page', { pageSize: 3, page: 2 }, 3],
      ['past the last page', { pageSize: 3, page: 9 }, 0],
      ['user of the first branch', {}, 5, main.token],
      ['user of the first branch, filtered', { status: 'S1,S5', search: 'ali' }, 1, main.token],
      ['a doctor of both branches', { branchId: b2 }, 2, doctor.token],
    ];
    for (const sortField of Object.keys(SORT_KEYS))
      for (const sortOrder of ['ascend', 'descend']) cases.push([`sorted by ${sortField} ${sortOrder}`, { sortField, sortOrder, pageSize: 4 }, 4]);
    cases.push(['sorted by completion, a branch, page 2', { sortField: 'completedAt', branchId: c.branchId, pageSize: 2, page: 2 }, 2]);
    // the cases hold what they are meant to
    const counts: Record<string, number> = {};
    for (const [label, query, , token] of cases) counts[label] = await compare(c, token ?? c.token, 'getPatientProceduresFilter', query, label);
    expect(counts).toEqual(Object.fromEntries(cases.map(([label, , count]) => [label, count])));
  });

  it('one procedure and a tooth: one statement with the patient check, answers and refusals as the replaced path', async () => {
    const { c, b2, doctor, rc, clean, mona, ali, insured, made } = await procedureClinic();
    // a status history with a user's name and a note, notes on a tooth, a patient of the second branch only, a deleted one
    const moved = await createProcedure(t, c, { patientId: mona, procedureId: rc.procedureId, teeth: [{ tooth: 36 }] });
    await api(t, c.token).post(PATH.updateProcedureStatus, { id: moved.id, version: moved.version, status: 'S2', note: 'بدأ "العلاج"' })
      .then((res) => expect(res.statusCode, res.body).toBe(200));
    const second = await newPatient(t, c, { name: 'Second branch' });
    const gone = await newPatient(t, c, { name: 'Deleted' });
    const gonesProcedure = await createProcedure(t, c, { patientId: gone, procedureId: rc.procedureId });
    await withTenant(t.database.db, c.clinicId, async (tx) => {
      await tx.execute(sql`update patient_branches set branch_id = ${b2} where clinic_id = ${c.clinicId} and patient_id = ${second}`);
      await tx.execute(sql`update patients set deleted_at = now() where clinic_id = ${c.clinicId} and id = ${gone}`);
      await tx.insert(toothNotes).values([
        { clinicId: c.clinicId, patientId: mona, tooth: 36, note: 'a' },
        { clinicId: c.clinicId, patientId: mona, tooth: 36, note: 'b' },
        { clinicId: c.clinicId, patientId: ali, tooth: 36, note: 'c' },
      ]);
    });
    const secondsProcedure = await createProcedure(t, c, { patientId: second, procedureId: clean.procedureId, branchId: b2, teeth: [] });
    const main = await addUser(t, c, ['patient_procedures']);
    const other = await newClinic(t);
    const theirs = await newPatient(t, other);

    const one: Array<[string, Record<string, unknown>, number, string?]> = [
      ['created planned (one history row)', { id: made[0]! }, 1],
      ['moved to S2 with a note', { id: moved.id }, 2],
      ['changed without history (S4)', { id: made[1]! }, 1],
      ['insured', { id: made[5]! }, 1],
      ['a doctor of both branches', { id: secondsProcedure.id }, 1, doctor.token],
    ];
    for (const [label, query, count, token] of one)
      expect(await compare(c, token ?? c.token, 'getPatientProcedure', query, label), label).toBe(count);
    const teeth: Array<[string, Record<string, unknown>, number, string?]> = [
      ['two procedures and two notes', { patientId: mona, tooth: 36 }, 3],
      ['a tooth of a surface list', { patientId: mona, tooth: 11 }, 1],
      ['nothing on it', { patientId: mona, tooth: 48 }, 0],
      ['notes only', { patientId: ali, tooth: 36 }, 0],
      ['insured', { patientId: insured, tooth: 21 }, 1],
      ['a user of the first branch', { patientId: mona, tooth: 36 }, 3, main.token],
    ];
    for (const [label, query, count, token] of teeth)
      expect(await compare(c, token ?? c.token, 'getPatientToothDetails', query, label), label).toBe(count);

    // refused as findPatient refuses: no such procedure, no such patient, another clinic's, deleted, outside the user's branches
    await compareRefusal(c, c.token, 'getPatientProcedure', { id: 999_999_999 }, 404, 'patient_procedure_not_found');
    await compareRefusal(c, c.token, 'getPatientProcedure', { id: gonesProcedure.id }, 404, 'patient_not_found');
    await compareRefusal(c, main.token, 'getPatientProcedure', { id: secondsProcedure.id }, 403, 'BS15');
    for (const call of ['getPatientProcedures', 'getPatientToothDetails'] as const) {
      await compareRefusal(c, c.token, call, { patientId: 999_999_999, tooth: 36 }, 404, 'patient_not_found');
      await compareRefusal(c, c.token, call, { patientId: theirs, tooth: 36 }, 404, 'patient_not_found');
      await compareRefusal(c, c.token, call, { patientId: gone, tooth: 36 }, 404, 'patient_not_found');
      await compareRefusal(c, main.token, call, { patientId: second, tooth: 36 }, 403, 'BS15');
      const query = call === 'getPatientToothDetails' ? { patientId: second, tooth: 36 } : { patientId: second };
      const count = await compare(c, doctor.token, call, query, `${call}: a doctor of both branches`);
      expect(count).toBe(call === 'getPatientProcedures' ? 1 : 0);
    }
  });

  it('a currency of 3 decimals (LYD): money as the replaced path writes it', async () => {
    const { c, mona } = await procedureClinic('LYD');
    expect(await compare(c, c.token, 'getPatientProcedures', { patientId: mona }, 'LYD patient')).toBe(3);
    expect(await compare(c, c.token, 'getPatientProceduresFilter', { status: 'S1,S4' }, 'LYD list')).toBe(4);
  });

  it('one statement text per shape, whatever the values; on PostgreSQL sent as a named prepared statement', async () => {
    const { c, mona, ali, doctor, made } = await procedureClinic();
    const sent = async (call: Call, query: Record<string, unknown>) => {
      const statements = await recordStatements(t, () => api(t, c.token).get(PATH[call], query).then((res) => expect(res.statusCode, res.body).toBe(200)));
      // the answer's statement: the one that builds the items' JSON; it alone reads the patient (no findPatient before it)
      const [one, ...more] = statements.filter((s) => s.text.includes('json_agg'));
      expect(more).toEqual([]);
      expect(statements.filter((s) => /"(patients|patient_procedures|tooth_notes|patient_procedure_status_history)"/.test(s.text))).toEqual([one]);
      return one!;
    };
    const pairs: Array<[Call, Record<string, unknown>, Record<string, unknown>]> = [
      ['getPatientProcedures', { patientId: mona, status: 'S1' }, { patientId: ali, status: 'S1,S2,S5' }],
      ['getPatientProcedures', { patientId: mona, tooth: 36 }, { patientId: ali, tooth: 46 }],
      ['getPatientProceduresFilter', { status: 'S1', doctorId: c.ownerId, page: 2 }, { status: 'S2,S3,S4', doctorId: doctor.id, page: 1 }],
      ['getPatientProceduresFilter', { search: 'منى', from: '2030-01-01', pageSize: 5 }, { search: 'ali', from: '2031-02-03', pageSize: 50 }],
      ['getPatientProcedure', { id: made[0]! }, { id: made[3]! }],
      ['getPatientToothDetails', { patientId: mona, tooth: 36 }, { patientId: ali, tooth: 46 }],
    ];
    for (const [call, a, b] of pairs) {
      const [first, second] = [await sent(call, a), await sent(call, b)];
      expect(second.text, call).toBe(first.text);
      expect(second.values, call).not.toEqual(first.values);
      if (t.database.kind === 'postgres') expect(first.name, call).toMatch(/^dentix_(patient_procedures|procedures_filter|patient_procedure|patient_tooth)_/);
    }
  });
});
