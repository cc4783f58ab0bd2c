import {
  type PatientProcedureItem,
  type PatientProcedureOutput,
  type ProcedureStatusChange,
  type PatientProceduresFilterInput,
  type PatientProceduresFilterOutput,
  type PatientProceduresInput,
  type PatientProceduresOutput,
  type PatientToothDetailsOutput,
  currencyDecimals,
  normalizeName,
} from '@dental/contract';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { branches, users } from '../../platform/auth/identity.table.js';
import type { ClinicSession } from '../../platform/auth/session.js';
import { JsonText, isoInstant, jsonArray, runBuilt } from '../../platform/db/json-list.js';
import type { Tx } from '../../platform/db/types.js';
import { fail } from '../../platform/errors.js';
import { toothNotes } from '../dental-chart/index.js';
import { insuranceCompanies } from '../insurance/index.js';
import { patientBranches, patients } from '../patients/index.js';
import { procedures, treatmentBranches } from '../treatments/index.js';
import { patientProcedureStatusHistory, patientProcedures, procedureVisits } from './patient-procedures.table.js';

/*
 * The reads of patient procedures (hot list reads, docs/architecture.md §10): PostgreSQL builds the answer's JSON,
 * money rounded to the clinic currency's decimals as text, and the text is passed through.
 */

export const pp = alias(patientProcedures, 'pp');
const pr = alias(procedures, 'pr');
const tb = alias(treatmentBranches, 'tb');
const pt = alias(patients, 'pt');
const br = alias(branches, 'br');
const ic = alias(insuranceCompanies, 'ic');
const du = alias(users, 'du');
const cu = alias(users, 'cu');

/** An amount as text with `decimals` decimals ("150.00", LYD "12.500"). */
export const moneyText = (value: SQLWrapper, decimals: number) => sql`round(${value}, ${sql.raw(String(decimals))})::text`;

/** The item's fields in the contract's order (a field added to or removed from the contract fails the type check). */
export function itemFields(decimals: number) {
  return {
    id: pp.id,
    patientId: pp.patientId,
    patientName: pt.name,
    patientCode: pt.code,
    procedureId: pp.procedureId,
    procedureNameAr: pr.nameAr,
    procedureNameEn: pr.nameEn,
    procedureNameFr: sql`coalesce(nullif(${pr.nameFr}, ''), ${pr.nameEn})`,
    procedureCode: pr.code,
    toothSelection: pr.toothSelection,
    treatmentBranchId: pr.treatmentBranchId,
    treatmentBranchNameAr: tb.nameAr,
    treatmentBranchNameEn: tb.nameEn,
    treatmentBranchNameFr: sql`coalesce(nullif(${tb.nameFr}, ''), ${tb.nameEn})`,
    teeth: pp.teeth,
    status: pp.status,
    doctorId: pp.doctorId,
    doctorName: du.displayName,
    branchId: pp.branchId,
    branchName: br.name,
    price: moneyText(pp.price, decimals),
    discount: moneyText(pp.discount, decimals),
    discountPercent: sql`${pp.discountPercent}::text`,
    net: moneyText(pp.net, decimals),
    insuranceCompanyId: pp.insuranceCompanyId,
    insuranceCompanyName: ic.name,
    notes: pp.notes,
    plannedDate: sql`to_char(${pp.plannedDate}, 'YYYY-MM-DD')`,
    completedAt: isoInstant(pp.completedAt),
    completedById: pp.completedBy,
    completedByName: cu.displayName,
    approvalOverridden: sql`${pp.approvalOverriddenBy} is not null`,
    version: pp.version,
    createdAt: isoInstant(pp.createdAt),
    visitCount: sql`(select count(*)::int from ${procedureVisits} v where v.clinic_id = ${pp.clinicId} and v.patient_procedure_id = ${pp.id})`,
  } satisfies Record<keyof PatientProcedureItem, SQLWrapper>;
}

/** The joins every item needs after `patient_procedures pp` (everything in the clinic of `pp`). */
export const itemJoins = sql`join ${procedures} ${pr} on ${pr.clinicId} = ${pp.clinicId} and ${pr.id} = ${pp.procedureId}
  join ${treatmentBranches} ${tb} on ${tb.clinicId} = ${pr.clinicId} and ${tb.id} = ${pr.treatmentBranchId}
  join ${patients} ${pt} on ${pt.clinicId} = ${pp.clinicId} and ${pt.id} = ${pp.patientId}
  join ${branches} ${br} on ${br.clinicId} = ${pp.clinicId} and ${br.id} = ${pp.branchId}
  join ${users} ${du} on ${du.clinicId} = ${pp.clinicId} and ${du.id} = ${pp.doctorId}
  left join ${users} ${cu} on ${cu.clinicId} = ${pp.clinicId} and ${cu.id} = ${pp.completedBy}
  left join ${insuranceCompanies} ${ic} on ${ic.clinicId} = ${pp.clinicId} and ${ic.id} = ${pp.insuranceCompanyId}`;
export const itemFrom = sql`${patientProcedures} ${pp} ${itemJoins}`;


/**
 * The totals object as JSON text: count and sums of price, discount and net (columns of the aggregated relation)
 * over the rows that pass `where`. Written by concatenation, like JSON.stringify writes it (aggregates must stay at
 * the query's level, so no row subquery here).
 */
export const totalsText = (decimals: number, where: SQL = sql`true`) => {
  const sum = (column: string) => moneyText(sql`coalesce(sum(${sql.raw(column)}) filter (where ${where}), 0)`, decimals);
  return sql`'{"count":' || count(*) filter (where ${where}) || ',"price":"' || ${sum('price')} || '","discount":"' || ${sum('discount')}
    || '","net":"' || ${sum('net')} || '"}'`;
};

const p = (name: string) => sql.placeholder(name);

/** Which patients the user sees (patients/patient-guard.ts' rule), as the letter of a statement's shape key. */
type PatientScopeKind = 'a' | 'b' | 'n';
const patientScopeKind = (session: ClinicSession): PatientScopeKind =>
  session.allBranches ? 'a' : session.branchIds.length ? 'b' : 'n';

/**
 * The patient check of findPatient (patients/patient-guard.ts) as a column of the read's own statement, so that the
 * read is one statement (one round trip, nothing composed per request): null when `patient` (an expression of the
 * patient's id) is no patient of the clinic or is deleted, false when the patient is in none of the user's branches
 * (placeholder `branchIds`), true otherwise. `answerPatientCheck` turns it into findPatient's 404 and 403.
 */
function patientCheck(kind: PatientScopeKind, patient: SQLWrapper): SQL {
  const visible = kind === 'a' ? sql`true` : kind === 'n' ? sql`false`
    : sql`exists (select 1 from ${patientBranches} pb where pb.clinic_id = c.clinic_id and pb.patient_id = c.id
        and pb.branch_id = any(${p('branchIds')}::bigint[]))`;
  return sql`(select ${visible} from ${patients} c where c.clinic_id = ${p('clinicId')} and c.id = ${patient} and c.deleted_at is null)`;
}

/** findPatient's answers for a patientCheck column: 404 patient_not_found, 403 BS15. */
function answerPatientCheck(visible: boolean | null | undefined) {
  if (visible === null || visible === undefined) fail('patient_not_found');
  if (!visible) fail('BS15');
}

const patientScopeValues = (session: ClinicSession) => ({
  clinicId: session.clinicId,
  branchIds: patientScopeKind(session) === 'b' ? session.branchIds : undefined,
});

/** The JSON array of the items that pass `where` (conditions on pp), newest first. */
const itemsSelect = (decimals: number, where: SQL) =>
  sql`(select ${jsonArray(itemFields(decimals), [sql`${pp.createdAt} desc`, sql`${pp.id} desc`])} from ${itemFrom} where ${where})`;

/**
 * PatientProcedure/GetPatientProcedures: the patient's procedures (every branch's: the patient file shows them
 * all), newest first, optionally on one tooth and in some statuses, with totals per status group over the same
 * filter; one statement with the patient check in it (404, 403 BS15), built once per shape (the currency's decimals,
 * which patients the user sees, a tooth, statuses) and run prepared (runBuilt, docs/architecture.md §10).
 */
export async function getPatientProcedures(
  tx: Tx,
  session: ClinicSession,
  input: PatientProceduresInput,
): Promise<JsonText<PatientProceduresOutput>> {
  const d = currencyDecimals(session.clinic.currency);
  const kind = patientScopeKind(session);
  const statuses = input.status?.length ? input.status : undefined;
  const key = `patient_procedures_d${d}${kind}${input.tooth ? 't' : ''}${statuses ? 's' : ''}`;
  const [row] = await runBuilt<{ visible: boolean | null; items: string; totals: string }>(tx, key, () => {
    const where = sql`${pp.clinicId} = ${p('clinicId')} and ${pp.patientId} = ${p('patientId')}
      ${input.tooth ? sql`and ${pp.teeth} @> ${p('tooth')}::jsonb` : sql``}
      ${statuses ? sql`and ${pp.status} = any(${p('statuses')}::text[])` : sql``}`;
    return sql`select ${patientCheck(kind, p('patientId'))} as visible,
      ${itemsSelect(d, where)} as items,
      (select '{"planned":' || ${totalsText(d, sql`status = 'S1'`)} || ',"inProgress":' || ${totalsText(d, sql`status = 'S2'`)}
          || ',"completed":' || ${totalsText(d, sql`status in ('S3', 'S4')`)} || ',"cancelled":' || ${totalsText(d, sql`status = 'S5'`)}
          || ',"all":' || ${totalsText(d, sql`status <> 'S5'`)} || '}'
        from (select ${pp.status} as status, ${pp.price} as price, ${pp.discount} as discount, ${pp.net} as net
          from ${patientProcedures} ${pp} where ${where}) s) as totals`;
  }, {
    ...patientScopeValues(session),
    patientId: input.patientId,
    tooth: input.tooth ? JSON.stringify([{ tooth: input.tooth }]) : undefined,
    statuses,
  });
  answerPatientCheck(row!.visible);
  return new JsonText(`{"items":${row!.items},"totals":${row!.totals}}`);
}

/**
 * PatientProcedure/GetPatientProcedure: one procedure of a patient the user may see, with its status history; one
 * statement (the procedure's existence, the patient check, the item, the history), built once per shape.
 */
export async function getPatientProcedure(tx: Tx, session: ClinicSession, id: number): Promise<JsonText<PatientProcedureOutput>> {
  const d = currencyDecimals(session.clinic.currency);
  const kind = patientScopeKind(session);
  const [row] = await runBuilt<{ owner: string | number | null; visible: boolean | null; items: string; history: string }>(
    tx,
    `patient_procedure_d${d}${kind}`,
    () => {
      const owner = sql`(select o.patient_id from ${patientProcedures} o where o.clinic_id = ${p('clinicId')} and o.id = ${p('id')})`;
      return sql`select ${owner} as owner, ${patientCheck(kind, owner)} as visible,
        ${itemsSelect(d, sql`${pp.clinicId} = ${p('clinicId')} and ${pp.id} = ${p('id')}`)} as items,
        (select ${jsonArray(
          {
            fromStatus: sql`h.from_status`,
            toStatus: sql`h.to_status`,
            changedByName: sql`u.display_name`,
            changedAt: isoInstant(sql`h.changed_at`),
            note: sql`h.note`,
          } satisfies Record<keyof ProcedureStatusChange, SQLWrapper>,
          [sql`h.changed_at`, sql`h.id`],
        )}
          from ${patientProcedureStatusHistory} h
          left join ${users} u on u.clinic_id = h.clinic_id and u.id = h.changed_by
          where h.clinic_id = ${p('clinicId')} and h.patient_procedure_id = ${p('id')}) as history`;
    },
    { ...patientScopeValues(session), id },
  );
  if (row!.owner === null) fail('patient_procedure_not_found');
  answerPatientCheck(row!.visible);
  // the item's object (the list of one without its brackets) with the history added
  return new JsonText(`${row!.items.slice(1, -2)},"statusHistory":${row!.history}}`);
}

/**
 * PatientProcedure/GetPatientToothDetails: the tooth's procedures, newest first, and the count of its notes; one
 * statement with the patient check, built once per shape.
 */
export async function getPatientToothDetails(
  tx: Tx,
  session: ClinicSession,
  input: { patientId: number; tooth: number },
): Promise<JsonText<PatientToothDetailsOutput>> {
  const d = currencyDecimals(session.clinic.currency);
  const kind = patientScopeKind(session);
  const [row] = await runBuilt<{ visible: boolean | null; items: string; notes: number }>(tx, `patient_tooth_d${d}${kind}`, () => sql`select
      ${patientCheck(kind, p('patientId'))} as visible,
      ${itemsSelect(d, sql`${pp.clinicId} = ${p('clinicId')} and ${pp.patientId} = ${p('patientId')} and ${pp.teeth} @> ${p('teeth')}::jsonb`)} as items,
      (select count(*)::int from ${toothNotes} n where n.clinic_id = ${p('clinicId')} and n.patient_id = ${p('patientId')}
        and n.tooth = ${p('tooth')}) as notes`,
  { ...patientScopeValues(session), patientId: input.patientId, tooth: input.tooth, teeth: JSON.stringify([{ tooth: input.tooth }]) });
  answerPatientCheck(row!.visible);
  return new JsonText(`{"tooth":${input.tooth},"items":${row!.items},"notesCount":${row!.notes}}`);
}

export const SORT_KEYS: Record<NonNullable<PatientProceduresFilterInput['sortField']>, SQL> = {
  createdAt: sql`${pp.createdAt}`,
  plannedDate: sql`${pp.plannedDate}`,
  completedAt: sql`${pp.completedAt}`,
  patientName: sql`${pt.name}`,
  price: sql`${pp.price}`,
  net: sql`${pp.net}`,
  status: sql`${pp.status}`,
};

/** The filters of /PatientsProceduresList, in the order of their letters in a statement's shape key. */
const FILTERS = ['status', 'doctorId', 'patientId', 'procedureId', 'treatmentBranchId', 'from', 'to', 'search'] as const;
const SCOPE_KEYS = { all: 'a', branches: 'b', none: 'n', branch: 'x' } as const;

/**
 * The values of a filter statement (the clinic, the user's branches or the branch asked for, each filter given, the
 * page) and the key of its shape: the user's scope, which filters, the date column, the sort, the currency's
 * decimals. The statement itself is built once per key (runBuilt). A branch asked for must be one of the user's
 * (403 BS15) or the clinic's (404).
 */
function filterArgs(session: ClinicSession, input: PatientProceduresFilterInput) {
  let scope: keyof typeof SCOPE_KEYS;
  if (input.branchId) {
    if (!session.clinicBranchIds.includes(input.branchId)) fail('not_found');
    if (!session.branchIds.includes(input.branchId)) fail('BS15');
    scope = 'branch';
  } else scope = session.allBranches ? 'all' : session.branchIds.length ? 'branches' : 'none';
  const search = input.search?.trim() || undefined;
  const statuses = input.status?.length ? input.status : undefined;
  const values = {
    clinicId: session.clinicId,
    branchId: input.branchId,
    branchIds: scope === 'branches' ? session.branchIds : undefined,
    status: statuses,
    doctorId: input.doctorId,
    patientId: input.patientId,
    procedureId: input.procedureId,
    treatmentBranchId: input.treatmentBranchId,
    from: input.from,
    to: input.to,
    timeZone: session.clinic.timeZone,
    search,
    like: search ? `%${normalizeName(search).replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined,
    limit: input.pageSize,
    offset: (input.page - 1) * input.pageSize,
    page: input.page,
    pageSize: input.pageSize,
  };
  const given = FILTERS.filter((f) => values[f] !== undefined);
  const sortField = input.sortField ?? 'createdAt';
  const dates = input.from || input.to ? { createdAt: 'c', plannedDate: 'p', completedAt: 'm' }[input.dateField] : '';
  const key = `procedures_filter_d${currencyDecimals(session.clinic.currency)}${SCOPE_KEYS[scope]}_${given.map((f) => FILTERS.indexOf(f)).join('')}`
    + `_${dates}${Object.keys(SORT_KEYS).indexOf(sortField)}${input.sortOrder === 'ascend' ? 'a' : 'd'}`;
  return { scope, given, sortField, values, key };
}

/** The filter's conditions on pp (and pt, pr for the search and the treatment branch), as placeholders. */
function filterWhere(scope: ReturnType<typeof filterArgs>['scope'], given: ReadonlyArray<(typeof FILTERS)[number]>, dateField: PatientProceduresFilterInput['dateField']): SQL {
  const has = (f: (typeof FILTERS)[number]) => given.includes(f);
  const parts: SQL[] = [sql`${pp.clinicId} = ${p('clinicId')}`];
  if (scope === 'branch') parts.push(sql`${pp.branchId} = ${p('branchId')}`);
  else if (scope === 'branches') parts.push(sql`${pp.branchId} = any(${p('branchIds')}::bigint[])`);
  else if (scope === 'none') parts.push(sql`false`);
  if (has('status')) parts.push(sql`${pp.status} = any(${p('status')}::text[])`);
  if (has('doctorId')) parts.push(sql`${pp.doctorId} = ${p('doctorId')}`);
  if (has('patientId')) parts.push(sql`${pp.patientId} = ${p('patientId')}`);
  if (has('procedureId')) parts.push(sql`${pp.procedureId} = ${p('procedureId')}`);
  if (has('treatmentBranchId')) parts.push(sql`${pr.treatmentBranchId} = ${p('treatmentBranchId')}`);
  if (dateField === 'plannedDate') {
    if (has('from')) parts.push(sql`${pp.plannedDate} >= ${p('from')}::date`);
    if (has('to')) parts.push(sql`${pp.plannedDate} <= ${p('to')}::date`);
  } else {
    // the clinic's days: the instant its day starts in its time zone
    const column = dateField === 'completedAt' ? pp.completedAt : pp.createdAt;
    const dayStart = (name: string) => sql`(${p(name)}::date::timestamp at time zone ${p('timeZone')}::text)`;
    if (has('from')) parts.push(sql`${column} >= ${dayStart('from')}`);
    if (has('to')) parts.push(sql`${column} < ${dayStart('to')} + interval '1 day'`);
  }
  if (has('search')) parts.push(sql`(${pt.code} = ${p('search')} or ${pt.nameNormalized} like ${p('like')})`);
  return sql.join(parts, sql` and `);
}

/**
 * PatientProcedure/GetPatientProceduresFilter (/PatientsProceduresList): every procedure the user may see (their
 * branches), filtered, sorted (newest first by default; the id breaks ties), one page, the count and the totals of
 * price, discount and net over the whole filter; one statement, built once per shape and run prepared (runBuilt,
 * docs/architecture.md §10). A to-date before the from-date is a 400.
 */
export async function getPatientProceduresFilter(
  tx: Tx,
  session: ClinicSession,
  input: PatientProceduresFilterInput,
): Promise<JsonText<PatientProceduresFilterOutput>> {
  if (input.from && input.to && input.to < input.from) fail('end_date_before_start', { to: 'end_date_before_start' });
  const d = currencyDecimals(session.clinic.currency);
  const { scope, given, sortField, values, key } = filterArgs(session, input);
  const [row] = await runBuilt<{ answer: string }>(tx, key, () => {
    const where = filterWhere(scope, given, input.dateField);
    const dir = sql.raw(input.sortOrder === 'ascend' ? 'asc' : 'desc');
    const needsPatient = given.includes('search') || sortField === 'patientName';
    const matchFrom = sql`${patientProcedures} ${pp}
      ${needsPatient ? sql`join ${patients} ${pt} on ${pt.clinicId} = ${pp.clinicId} and ${pt.id} = ${pp.patientId}` : sql``}
      ${given.includes('treatmentBranchId') ? sql`join ${procedures} ${pr} on ${pr.clinicId} = ${pp.clinicId} and ${pr.id} = ${pp.procedureId}` : sql``}`;
    // net is price - discount (the generated column's own expression, exact): so that the matches need only the
    // columns of patient_procedures_status_idx, an index-only scan when the list is filtered by status (migration 0023)
    return sql`with m as materialized (
        select ${pp.id} as id, ${SORT_KEYS[sortField]} as k, ${pp.price} as price, ${pp.discount} as discount, ${pp.price} - ${pp.discount} as net
        from ${matchFrom} where ${where}),
      page as (select id, k from m order by k ${dir} nulls last, id ${dir} limit ${p('limit')} offset ${p('offset')})
      select '{"items":' || (
          select ${jsonArray(itemFields(d), [sql`page.k ${dir} nulls last`, sql`page.id ${dir}`])}
          from page join ${patientProcedures} ${pp} on ${pp.clinicId} = ${p('clinicId')} and ${pp.id} = page.id ${itemJoins})
        || ',"total":' || count(*) || ',"page":' || ${p('page')}::int || ',"pageSize":' || ${p('pageSize')}::int
        || ',"totals":' || ${totalsText(d)} || '}' as answer
      from m`;
  }, values);
  return new JsonText(row!.answer);
}
