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
import { JsonText, isoInstant, jsonArray } from '../../platform/db/json-list.js';
import type { Tx } from '../../platform/db/types.js';
import { fail } from '../../platform/errors.js';
import { toothNotes } from '../dental-chart/index.js';
import { insuranceCompanies } from '../insurance/index.js';
import { findPatient, patients } from '../patients/index.js';
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
function itemFields(decimals: number) {
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
const itemJoins = sql`join ${procedures} ${pr} on ${pr.clinicId} = ${pp.clinicId} and ${pr.id} = ${pp.procedureId}
  join ${treatmentBranches} ${tb} on ${tb.clinicId} = ${pr.clinicId} and ${tb.id} = ${pr.treatmentBranchId}
  join ${patients} ${pt} on ${pt.clinicId} = ${pp.clinicId} and ${pt.id} = ${pp.patientId}
  join ${branches} ${br} on ${br.clinicId} = ${pp.clinicId} and ${br.id} = ${pp.branchId}
  join ${users} ${du} on ${du.clinicId} = ${pp.clinicId} and ${du.id} = ${pp.doctorId}
  left join ${users} ${cu} on ${cu.clinicId} = ${pp.clinicId} and ${cu.id} = ${pp.completedBy}
  left join ${insuranceCompanies} ${ic} on ${ic.clinicId} = ${pp.clinicId} and ${ic.id} = ${pp.insuranceCompanyId}`;
const itemFrom = sql`${patientProcedures} ${pp} ${itemJoins}`;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * The totals object as JSON text: count and sums of price, discount and net (columns of the aggregated relation)
 * over the rows that pass `where`. Written by concatenation, like JSON.stringify writes it (aggregates must stay at
 * the query's level, so no row subquery here).
 */
const totalsText = (decimals: number, where: SQL = sql`true`) => {
  const sum = (column: string) => moneyText(sql`coalesce(sum(${sql.raw(column)}) filter (where ${where}), 0)`, decimals);
  return sql`'{"count":' || count(*) filter (where ${where}) || ',"price":"' || ${sum('price')} || '","discount":"' || ${sum('discount')}
    || '","net":"' || ${sum('net')} || '"}'`;
};

/** Items of `where` (conditions on pp) newest first, as JSON text. */
async function itemsOf(tx: Tx, decimals: number, where: SQL): Promise<string> {
  const [row] = rowsOf<{ items: string }>(
    await tx.execute(sql`select ${jsonArray(itemFields(decimals), [sql`${pp.createdAt} desc`, sql`${pp.id} desc`])} as items
      from ${itemFrom} where ${where}`),
  );
  return row!.items;
}

const toothFilter = (tooth: number) => sql`${pp.teeth} @> ${JSON.stringify([{ tooth }])}::jsonb`;
const statusFilter = (statuses?: readonly string[]) =>
  statuses?.length ? sql`${pp.status} in (${sql.join(statuses.map((s) => sql`${s}`), sql`, `)})` : sql`true`;

/**
 * PatientProcedure/GetPatientProcedures: the patient's procedures (every branch's: the patient file shows them
 * all), newest first, optionally on one tooth and in some statuses, with totals per status group over the same
 * filter; one statement.
 */
export async function getPatientProcedures(
  tx: Tx,
  session: ClinicSession,
  input: PatientProceduresInput,
): Promise<JsonText<PatientProceduresOutput>> {
  await findPatient(tx, session, input.patientId);
  const d = currencyDecimals(session.clinic.currency);
  const where = sql`${pp.clinicId} = ${session.clinicId} and ${pp.patientId} = ${input.patientId}
    and ${input.tooth ? toothFilter(input.tooth) : sql`true`} and ${statusFilter(input.status)}`;
  const [row] = rowsOf<{ items: string; totals: string }>(
    await tx.execute(sql`select
      (select ${jsonArray(itemFields(d), [sql`${pp.createdAt} desc`, sql`${pp.id} desc`])} from ${itemFrom} where ${where}) as items,
      (select '{"planned":' || ${totalsText(d, sql`status = 'S1'`)} || ',"inProgress":' || ${totalsText(d, sql`status = 'S2'`)}
          || ',"completed":' || ${totalsText(d, sql`status in ('S3', 'S4')`)} || ',"cancelled":' || ${totalsText(d, sql`status = 'S5'`)}
          || ',"all":' || ${totalsText(d, sql`status <> 'S5'`)} || '}'
        from (select ${pp.status} as status, ${pp.price} as price, ${pp.discount} as discount, ${pp.net} as net
          from ${patientProcedures} ${pp} where ${where}) s) as totals`),
  );
  return new JsonText(`{"items":${row!.items},"totals":${row!.totals}}`);
}

/** PatientProcedure/GetPatientProcedure: one procedure of a patient the user may see. */
export async function getPatientProcedure(tx: Tx, session: ClinicSession, id: number): Promise<JsonText<PatientProcedureOutput>> {
  const [found] = await tx
    .select({ patientId: patientProcedures.patientId })
    .from(patientProcedures)
    .where(sql`${patientProcedures.clinicId} = ${session.clinicId} and ${patientProcedures.id} = ${id}`);
  if (!found) return fail('patient_procedure_not_found');
  await findPatient(tx, session, found.patientId);
  const items = await itemsOf(tx, currencyDecimals(session.clinic.currency), sql`${pp.clinicId} = ${session.clinicId} and ${pp.id} = ${id}`);
  const history = rowsOf<{ items: string }>(
    await tx.execute(sql`select ${jsonArray(
      {
        fromStatus: sql`h.from_status`,
        toStatus: sql`h.to_status`,
        changedByName: sql`u.display_name`,
        changedAt: isoInstant(sql`h.changed_at`),
        note: sql`h.note`,
      } satisfies Record<keyof ProcedureStatusChange, SQLWrapper>,
      [sql`h.changed_at`, sql`h.id`],
    )} as items
      from ${patientProcedureStatusHistory} h
      left join ${users} u on u.clinic_id = h.clinic_id and u.id = h.changed_by
      where h.clinic_id = ${session.clinicId} and h.patient_procedure_id = ${id}`),
  )[0]!.items;
  // the item's object (the list of one without its brackets) with the history added
  return new JsonText(`${items.slice(1, -2)},"statusHistory":${history}}`);
}

/** PatientProcedure/GetPatientToothDetails: the tooth's procedures, newest first, and the count of its notes. */
export async function getPatientToothDetails(
  tx: Tx,
  session: ClinicSession,
  input: { patientId: number; tooth: number },
): Promise<JsonText<PatientToothDetailsOutput>> {
  await findPatient(tx, session, input.patientId);
  const d = currencyDecimals(session.clinic.currency);
  const items = await itemsOf(
    tx,
    d,
    sql`${pp.clinicId} = ${session.clinicId} and ${pp.patientId} = ${input.patientId} and ${toothFilter(input.tooth)}`,
  );
  const [notes] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(toothNotes)
    .where(sql`${toothNotes.clinicId} = ${session.clinicId} and ${toothNotes.patientId} = ${input.patientId} and ${toothNotes.tooth} = ${input.tooth}`);
  return new JsonText(`{"tooth":${input.tooth},"items":${items},"notesCount":${notes!.n}}`);
}

const SORT_KEYS: Record<NonNullable<PatientProceduresFilterInput['sortField']>, SQL> = {
  createdAt: sql`${pp.createdAt}`,
  plannedDate: sql`${pp.plannedDate}`,
  completedAt: sql`${pp.completedAt}`,
  patientName: sql`${pt.name}`,
  price: sql`${pp.price}`,
  net: sql`${pp.net}`,
  status: sql`${pp.status}`,
};

/** The clinic day `date` (YYYY-MM-DD) starts at this instant. */
const dayStart = (date: string, timeZone: string) => sql`(${date}::date::timestamp at time zone ${timeZone})`;

/** The filter's conditions on pp (and pt, pr for the search and the treatment branch). */
function filterWhere(session: ClinicSession, input: PatientProceduresFilterInput): SQL {
  const tz = session.clinic.timeZone;
  const parts: SQL[] = [sql`${pp.clinicId} = ${session.clinicId}`];
  // the user's branches; a branch asked for must be one of them (403 BS15) or the clinic's (404)
  if (input.branchId) {
    if (!session.clinicBranchIds.includes(input.branchId)) fail('not_found');
    if (!session.branchIds.includes(input.branchId)) fail('BS15');
    parts.push(sql`${pp.branchId} = ${input.branchId}`);
  } else if (!session.allBranches) {
    parts.push(session.branchIds.length ? sql`${pp.branchId} in (${sql.join(session.branchIds.map((b) => sql`${b}`), sql`, `)})` : sql`false`);
  }
  if (input.status?.length) parts.push(statusFilter(input.status));
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
      if (input.from) parts.push(sql`${column} >= ${dayStart(input.from, tz)}`);
      if (input.to) parts.push(sql`${column} < ${dayStart(input.to, tz)} + interval '1 day'`);
    }
  }
  const search = input.search?.trim();
  if (search) {
    const folded = normalizeName(search).replace(/[\\%_]/g, (c) => `\\${c}`);
    parts.push(sql`(${pt.code} = ${search} or ${pt.nameNormalized} like ${`%${folded}%`})`);
  }
  return sql.join(parts, sql` and `);
}

/**
 * PatientProcedure/GetPatientProceduresFilter (/PatientsProceduresList): every procedure the user may see (their
 * branches), filtered, sorted (newest first by default; the id breaks ties), one page, the count and the totals of
 * price, discount and net over the whole filter; one statement. A to-date before the from-date is a 400.
 */
export async function getPatientProceduresFilter(
  tx: Tx,
  session: ClinicSession,
  input: PatientProceduresFilterInput,
): Promise<JsonText<PatientProceduresFilterOutput>> {
  if (input.from && input.to && input.to < input.from) fail('end_date_before_start', { to: 'end_date_before_start' });
  const d = currencyDecimals(session.clinic.currency);
  const where = filterWhere(session, input);
  const dir = sql.raw(input.sortOrder === 'ascend' ? 'asc' : 'desc');
  const key = SORT_KEYS[input.sortField ?? 'createdAt'];
  const offset = (input.page - 1) * input.pageSize;
  const needsPatient = !!input.search || input.sortField === 'patientName';
  const needsProcedure = !!input.treatmentBranchId;
  const matchFrom = sql`${patientProcedures} ${pp}
    ${needsPatient ? sql`join ${patients} ${pt} on ${pt.clinicId} = ${pp.clinicId} and ${pt.id} = ${pp.patientId}` : sql``}
    ${needsProcedure ? sql`join ${procedures} ${pr} on ${pr.clinicId} = ${pp.clinicId} and ${pr.id} = ${pp.procedureId}` : sql``}`;
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
  return new JsonText(row!.answer);
}
