import {
  type MoneyHistoryItem,
  type PatientMoneyHistoryInput,
  type PatientMoneyHistoryOutput,
  type PatientPaymentReportInput,
  type PatientPaymentReportItem,
  type PatientPaymentReportOutput,
  currencyDecimals,
  normalizeName,
} from '@dental/contract';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { ClinicSession } from '../../platform/auth/session.js';
import { JsonText, isoInstant, jsonArray } from '../../platform/db/json-list.js';
import type { Tx } from '../../platform/db/types.js';
import { fail } from '../../platform/errors.js';
import { findPatient, visiblePatients } from '../patients/index.js';
import { assertUserBranch } from './payments.service.js';
import { OWED_STATUSES, moneyText, notReversed, paidByProcedure, paymentApplied, procedurePaid, procedureShare, rowsOf } from './payments.sql.js';

const r = (s: string) => sql.raw(s);

const SORTS = {
  remaining: ['x.remaining', 'desc'],
  oldestUnpaidOn: ['x.oldest', 'asc'],
  patientName: ['x.name_normalized', 'asc'],
} as const;

/**
 * Reports/GetPatientPaymentReport (/PatientsPaymentsList): the patients the user may see who owe (remaining > 0 over
 * their S2-S4 procedures), with the filters of the contract; one statement builds the page's JSON, the count and the
 * totals over the whole filter (docs/architecture.md §10). The rows come from the summaries the triggers keep:
 * `patient_balances` where no filter needs part of a patient's procedures (`useSummary`), else `patient_balance_parts`
 * (a branch, a doctor, the debt's age); `source: 'entries'` sums the entries instead (tests compare the three).
 */
export async function getPatientPaymentReport(tx: Tx, session: ClinicSession, input: PatientPaymentReportInput, source: 'auto' | 'entries' = 'auto') {
  const { clinicId } = session;
  if (input.branchId) assertUserBranch(session, input.branchId);
  const d = currencyDecimals(session.clinic.currency);
  const tz = session.clinic.timeZone;
  const scope = visiblePatients(session);
  const search = input.search?.trim();
  const folded = search ? normalizeName(search) : '';
  // a mobile is searched by a text of digits only (with + - or spaces): a name's digits are no phone number
  const digits = search && /^[+\d\s-]+$/.test(search) ? search.replace(/\D/g, '') : '';
  const [sortCol, defaultDir] = SORTS[input.sortField ?? 'remaining'];
  const dir = input.sortOrder ? (input.sortOrder === 'ascend' ? 'asc' : 'desc') : defaultDir;
  const fields = {
    patientId: r('x.patient_id'),
    patientName: r('x.name'),
    patientCode: r('x.code'),
    mobile: r('x.mobile'),
    patientShare: moneyText(r('x.share'), d),
    paid: moneyText(r('x.paid'), d),
    remaining: moneyText(r('x.remaining'), d),
    credit: moneyText(r('x.credit'), d),
    oldestUnpaidOn: r(`to_char(x.oldest, 'YYYY-MM-DD')`),
    lastPaidOn: r(`to_char(x.last_paid, 'YYYY-MM-DD')`),
  } satisfies Record<keyof PatientPaymentReportItem, SQLWrapper>;
  const order = [r(`${sortCol} ${dir} nulls last`), r(`x.patient_id ${dir}`)];
  const offset = (input.page - 1) * input.pageSize;
  // the patients' own filters, on `patients` joined
  const patientFilters = sql`${scope ? sql`and ${scope}` : sql``}
    ${search ? sql`and (strpos(patients.name_normalized, ${folded}) > 0 or patients.code = ${search}
      ${digits ? sql`or strpos(coalesce(patients.mobile, ''), ${digits}) > 0` : sql``})` : sql``}`;
  const summary = source === 'auto' && useSummary(input);
  const summed = source === 'entries' ? entriesStatement(clinicId, tz, input, patientFilters)
    : summary ? summaryStatement(clinicId, input, patientFilters) : partsStatement(clinicId, tz, input, patientFilters);
  const [row] = rowsOf<{ items: string; total: number; share: string; paid: string; remaining: string; credit: string }>(
    // the count and the totals in one pass over x (was five)
    await tx.execute(sql`with ${summed}
      select (select ${jsonArray(fields, order)} from (
          select x.*, ${summary ? sql`${oldestUnpaid(clinicId, tz)} as oldest,` : sql``} ${lastPaid(clinicId)} as last_paid
          from (select * from x order by ${sql.join(order, sql`, `)} limit ${input.pageSize} offset ${offset}) x) x) as items,
        t.total, t.share, t.paid, t.remaining, t.credit
      from (select count(*)::int as total, ${moneyText(sql`coalesce(sum(share), 0)`, d)} as share,
          ${moneyText(sql`coalesce(sum(paid), 0)`, d)} as paid, ${moneyText(sql`coalesce(sum(remaining), 0)`, d)} as remaining,
          ${moneyText(sql`coalesce(sum(credit), 0)`, d)} as credit from x) t`),
  );
  const totals = { patientShare: row!.share, paid: row!.paid, remaining: row!.remaining, credit: row!.credit };
  return new JsonText<PatientPaymentReportOutput>(
    `{"items":${row!.items},"total":${Number(row!.total)},"page":${input.page},"pageSize":${input.pageSize},"totals":${JSON.stringify(totals)}}`,
  );
}

/**
 * Whether the list's rows can come from `patient_balances` (one row per patient, migration 0024): filters and sorts
 * over the patients' totals only. A branch or doctor filter sums part of a patient's procedures, and the debt's age
 * (filter or sort) needs the oldest unpaid charge: those read `patient_balance_parts`.
 */
export function useSummary(input: PatientPaymentReportInput) {
  return !input.branchId && !input.doctorId && input.debtAgeDays === undefined && input.sortField !== 'oldestUnpaidOn';
}

/** The day of the patient's (x.patient_id) oldest S2-S4 procedure not wholly paid, for a page's rows. */
const oldestUnpaid = (clinicId: number, tz: string) =>
  sql`(select min((coalesce(pp.completed_at, pp.created_at) at time zone ${tz})::date) from patient_procedures pp
    where pp.clinic_id = ${clinicId} and pp.patient_id = x.patient_id and pp.status in ${r(OWED_STATUSES)}
      and ${procedureShare('pp')} > ${procedurePaid('pp')})`;

/** The day of the patient's (x.patient_id) last unreversed payment, for a page's rows. */
const lastPaid = (clinicId: number) =>
  sql`(select max(p.paid_on) from patient_payments p where p.clinic_id = ${clinicId} and p.patient_id = x.patient_id
    and ${notReversed(sql`p.clinic_id`, sql`p.id`)})`;

/** `x`: the owing patients from the summary, with their share, paid, remaining and credit (no scan of the entries). */
function summaryStatement(clinicId: number, input: PatientPaymentReportInput, patientFilters: SQL) {
  return sql`x as (
      select b.patient_id, b.share, b.paid, b.share - b.paid as remaining, b.credit,
        patients.name, patients.code, patients.mobile, patients.name_normalized
      from patient_balances b
        join patients on patients.clinic_id = b.clinic_id and patients.id = b.patient_id and patients.deleted_at is null
      where b.clinic_id = ${clinicId} and b.share > b.paid ${patientFilters}
        ${input.minRemaining ? sql`and b.share - b.paid >= ${input.minRemaining}::numeric` : sql``})`;
}

/**
 * `x` from `patient_balance_parts`: the rows of the filter's key (branch or 0, doctor or 0) that owe, each a patient's
 * share, paid and oldest unpaid charge over the procedures of that branch and doctor; the credit is the patient's
 * (patient_balances), as from the entries. No scan of the entries: the owing rows of one key (a partial index).
 */
function partsStatement(clinicId: number, tz: string, input: PatientPaymentReportInput, patientFilters: SQL) {
  return sql`x as (
      select g.patient_id, g.share, g.paid, g.share - g.paid as remaining, coalesce(b.credit, 0) as credit,
        (g.oldest_at at time zone ${tz})::date as oldest, patients.name, patients.code, patients.mobile, patients.name_normalized
      from patient_balance_parts g
        join patients on patients.clinic_id = g.clinic_id and patients.id = g.patient_id and patients.deleted_at is null
        left join patient_balances b on b.clinic_id = g.clinic_id and b.patient_id = g.patient_id
      where g.clinic_id = ${clinicId} and g.branch_id = ${input.branchId ?? 0} and g.doctor_id = ${input.doctorId ?? 0}
        and g.share > g.paid ${patientFilters}
        ${input.minRemaining ? sql`and g.share - g.paid >= ${input.minRemaining}::numeric` : sql``}
        ${input.debtAgeDays !== undefined ? sql`and (g.oldest_at at time zone ${tz})::date <= (now() at time zone ${tz})::date - ${input.debtAgeDays}::int` : sql``})`;
}

/**
 * `x` summed from the entries (what is paid aggregated once for the clinic and joined: a subquery per procedure,
 * inlined into per's sums, ran up to four times a procedure, docs/payments.md): the definition the summaries are
 * compared with (tests); grows with the clinic's owed procedures (seconds at 1,000,000).
 */
function entriesStatement(clinicId: number, tz: string, input: PatientPaymentReportInput, patientFilters: SQL) {
  return sql`al as (${paidByProcedure(clinicId)}),
      pr as (
        select pp.patient_id, ${procedureShare('pp')} as share, coalesce(al.paid, 0) as paid,
          (coalesce(pp.completed_at, pp.created_at) at time zone ${tz})::date as charged_on
        from patient_procedures pp left join al on al.patient_procedure_id = pp.id
        where pp.clinic_id = ${clinicId} and pp.status in ${r(OWED_STATUSES)}
          ${input.branchId ? sql`and pp.branch_id = ${input.branchId}` : sql``}
          ${input.doctorId ? sql`and pp.doctor_id = ${input.doctorId}` : sql``}),
      per as (
        select patient_id, sum(share) as share, sum(paid) as paid, sum(share - paid) as remaining,
          min(charged_on) filter (where share > paid) as oldest
        from pr group by patient_id having sum(share - paid) > 0),
      x as (
        select per.*, patients.name, patients.code, patients.mobile, patients.name_normalized,
          (select coalesce(sum(p.amount - ${paymentApplied('p')}), 0) from patient_payments p
            where p.clinic_id = patients.clinic_id and p.patient_id = patients.id and p.ledger_type = 'LT2'
              and ${notReversed(sql`p.clinic_id`, sql`p.id`)}) as credit
        from per join patients on patients.clinic_id = ${clinicId} and patients.id = per.patient_id and patients.deleted_at is null
        where true ${patientFilters}
          ${input.minRemaining ? sql`and per.remaining >= ${input.minRemaining}::numeric` : sql``}
          ${input.debtAgeDays !== undefined ? sql`and per.oldest <= (now() at time zone ${tz})::date - ${input.debtAgeDays}::int` : sql``})`;
}

/**
 * Patient/GetPatientMoneyHistory: the patient's rows of money_audit, newest first. The call's key is patient_delete;
 * the service lets only the owner (base role RL1) read it (403 action_not_allowed), as the issue asks.
 */
export async function getPatientMoneyHistory(tx: Tx, session: ClinicSession, input: PatientMoneyHistoryInput) {
  if (session.userRole !== 'RL1') fail('action_not_allowed');
  await findPatient(tx, session, input.patientId);
  const fields = {
    id: r('m.id'),
    entity: r('m.entity'),
    entityId: r('m.entity_id'),
    action: r('m.action'),
    before: r('m.before'),
    after: r('m.after'),
    userId: r('m.user_id'),
    userName: r('u.display_name'),
    createdAt: isoInstant(r('m.created_at')),
  } satisfies Record<keyof MoneyHistoryItem, SQLWrapper>;
  const offset = (input.page - 1) * input.pageSize;
  const [row] = rowsOf<{ items: string; total: number }>(
    await tx.execute(sql`select (select ${jsonArray(fields, [r('m.created_at desc'), r('m.id desc')])} from (
          select * from money_audit where clinic_id = ${session.clinicId} and patient_id = ${input.patientId}
          order by created_at desc, id desc limit ${input.pageSize} offset ${offset}) m
        join users u on u.clinic_id = m.clinic_id and u.id = m.user_id) as items,
      (select count(*)::int from money_audit where clinic_id = ${session.clinicId} and patient_id = ${input.patientId}) as total`),
  );
  return new JsonText<PatientMoneyHistoryOutput>(
    `{"items":${row!.items},"total":${Number(row!.total)},"page":${input.page},"pageSize":${input.pageSize}}`,
  );
}
