import {
  type LedgerEntry,
  type PatientLedgerOutput,
  type PatientProcedurePrintingOutput,
  type PaymentItem,
  type ProcedurePaymentListInput,
  type ProcedurePaymentListOutput,
  type ProcedurePaymentOutput,
  type StatementProcedure,
  currencyDecimals,
} from '@dental/contract';
import { type SQLWrapper, sql } from 'drizzle-orm';
import type { ClinicSession } from '../../platform/auth/session.js';
import { JsonText, isoInstant, jsonArray, jsonObject, runBuilt } from '../../platform/db/json-list.js';
import type { Tx } from '../../platform/db/types.js';
import { fail } from '../../platform/errors.js';
import { findPatient } from '../patients/index.js';
import {
  OWED_STATUSES,
  moneyText,
  patientBalance,
  paymentApplied,
  procedurePaid,
  procedureShare,
  rowsOf,
} from './payments.sql.js';

/*
 * The reads of payments, balances and the ledger: PostgreSQL builds the answers' JSON (docs/architecture.md §10),
 * every amount rounded to the clinic currency's decimals as text.
 */

const r = (s: string) => sql.raw(s);
/** The values of the statements built once (runBuilt). */
const P = { clinicId: sql.placeholder('clinicId'), patientId: sql.placeholder('patientId'), tz: sql.placeholder('tz') };
const day = (v: string) => r(`to_char(${v}, 'YYYY-MM-DD')`);

/** A payment's fields (aliases: p payment, pty type, b branch, ru receiver, cu creator, rv reversal, rvu its user). */
function paymentFields(d: number) {
  const allocation = {
    id: r('a.id'),
    patientProcedureId: r('a.patient_procedure_id'),
    procedureNameAr: r('pr.name_ar'),
    procedureNameEn: r('pr.name_en'),
    procedureNameFr: r(`coalesce(nullif(pr.name_fr, ''), pr.name_en)`),
    teeth: r(
      `(select coalesce(json_agg((e.t->>'tooth')::int order by e.n), '[]') from jsonb_array_elements(pp.teeth) with ordinality as e(t, n))`,
    ),
    amount: moneyText(r('a.amount'), d),
    createdAt: isoInstant(r('a.created_at')),
  } satisfies Record<keyof PaymentItem['allocations'][number], SQLWrapper>;
  const reversal = {
    reason: r('rv.reason'),
    createdAt: isoInstant(r('rv.created_at')),
    createdById: r('rv.created_by'),
    createdByName: r('rvu.display_name'),
  } satisfies Record<keyof NonNullable<PaymentItem['reversal']>, SQLWrapper>;
  return {
    id: r('p.id'),
    receiptNo: r('p.receipt_no'),
    patientId: r('p.patient_id'),
    ledgerType: r('p.ledger_type'),
    amount: moneyText(r('p.amount'), d),
    applied: moneyText(paymentApplied('p'), d),
    unapplied: moneyText(
      sql`case when p.ledger_type = 'LT2' and rv.id is null then p.amount - ${paymentApplied('p')} else 0 end`,
      d,
    ),
    paidOn: day('p.paid_on'),
    paymentTypeId: r('p.payment_type_id'),
    paymentTypeNameAr: r('pty.name_ar'),
    paymentTypeNameEn: r('pty.name_en'),
    paymentTypeNameFr: r(`coalesce(nullif(pty.name_fr, ''), pty.name_en)`),
    branchId: r('p.branch_id'),
    branchName: r('b.name'),
    receivedById: r('p.received_by'),
    receivedByName: r('ru.display_name'),
    createdById: r('p.created_by'),
    createdByName: r('cu.display_name'),
    notes: r('p.notes'),
    createdAt: isoInstant(r('p.created_at')),
    reversal: sql`case when rv.id is null then null else to_json(${jsonObject(reversal)}) end`,
    allocations: sql`(select coalesce(json_agg(${jsonObject(allocation)} order by a.id), '[]')
      from payment_allocations a
      join patient_procedures pp on pp.clinic_id = a.clinic_id and pp.id = a.patient_procedure_id
      join procedures pr on pr.clinic_id = pp.clinic_id and pr.id = pp.procedure_id
      where a.clinic_id = p.clinic_id and a.payment_id = p.id)`,
  } satisfies Record<keyof PaymentItem, SQLWrapper>;
}

const paymentFrom = r(`patient_payments p
  join payment_types pty on pty.clinic_id = p.clinic_id and pty.id = p.payment_type_id
  join branches b on b.clinic_id = p.clinic_id and b.id = p.branch_id
  join users ru on ru.clinic_id = p.clinic_id and ru.id = p.received_by
  join users cu on cu.clinic_id = p.clinic_id and cu.id = p.created_by
  left join payment_reversals rv on rv.clinic_id = p.clinic_id and rv.payment_id = p.id
  left join users rvu on rvu.clinic_id = rv.clinic_id and rvu.id = rv.created_by`);

/** PatientProcedure/GetProcedurePaymentList: newest first (paid day, then id). */
export async function getProcedurePaymentList(tx: Tx, session: ClinicSession, input: ProcedurePaymentListInput) {
  const { clinicId } = session;
  await findPatient(tx, session, input.patientId);
  const d = currencyDecimals(session.clinic.currency);
  const onProcedure = input.patientProcedureId
    ? sql`and exists (select 1 from payment_allocations x where x.clinic_id = p.clinic_id and x.payment_id = p.id and x.patient_procedure_id = ${input.patientProcedureId})`
    : sql``;
  const [row] = rowsOf<{ items: string }>(
    await tx.execute(sql`select ${jsonArray(paymentFields(d), [r('p.paid_on desc'), r('p.id desc')])} as items
      from ${paymentFrom} where p.clinic_id = ${clinicId} and p.patient_id = ${input.patientId} ${onProcedure}`),
  );
  return new JsonText<ProcedurePaymentListOutput>(`{"items":${row!.items}}`);
}

/** PatientProcedure/GetProcedurePayment: one payment for its receipt; another clinic's is 404. */
export async function getProcedurePayment(tx: Tx, session: ClinicSession, id: number) {
  const { clinicId } = session;
  const [found] = rowsOf<{ patientId: number }>(
    await tx.execute(
      sql`select patient_id as "patientId" from patient_payments where clinic_id = ${clinicId} and id = ${id}`,
    ),
  );
  if (!found) return fail('payment_not_found');
  await findPatient(tx, session, Number(found.patientId));
  const d = currencyDecimals(session.clinic.currency);
  const fields = {
    ...paymentFields(d),
    patientName: r('pa.name'),
    patientCode: r('pa.code'),
    currency: sql`${session.clinic.currency}::text`,
  } satisfies Record<keyof ProcedurePaymentOutput, SQLWrapper>;
  const [row] = rowsOf<{ item: string }>(
    await tx.execute(sql`select to_json(${jsonObject(fields)})::text as item
      from ${paymentFrom} join patients pa on pa.clinic_id = p.clinic_id and pa.id = p.patient_id
      where p.clinic_id = ${clinicId} and p.id = ${id}`),
  );
  return new JsonText<ProcedurePaymentOutput>(row!.item);
}

/**
 * PatientProcedure/GetPatientLedger. Lines: the charge of each S2-S4 procedure (its patient share, on the clinic
 * day it was completed, else added), each payment (on its paid day), each reversal (on the clinic day it was made,
 * debiting the payment back), each credit applied (an allocation of an LT2 payment: 0, for the record). Order: day,
 * then charges before payments before reversals, then the moment written; the running balance is the sum of debits
 * minus credits so far.
 */
export async function getPatientLedger(tx: Tx, session: ClinicSession, patientId: number) {
  const { clinicId } = session;
  await findPatient(tx, session, patientId);
  const currency = session.clinic.currency;
  const d = currencyDecimals(currency);
  const tz = session.clinic.timeZone;
  const [row] = await runBuilt<{ items: string }>(
    tx,
    `patient_ledger_d${d}`,
    () => {
      const fields = {
        kind: r('e.kind'),
        date: day('e.day'),
        patientProcedureId: r('e.pp_id'),
        procedureNameAr: r('e.name_ar'),
        procedureNameEn: r('e.name_en'),
        procedureNameFr: r('e.name_fr'),
        paymentId: r('e.payment_id'),
        receiptNo: r('e.receipt_no'),
        ledgerType: r('e.ledger_type'),
        debit: moneyText(r('e.debit'), d),
        credit: moneyText(r('e.credit'), d),
        runningBalance: moneyText(r('e.running'), d),
        notes: r('e.notes'),
      } satisfies Record<keyof LedgerEntry, SQLWrapper>;
      return sql`with entries as (
        select 'charge' as kind, 1 as rank, (coalesce(pp.completed_at, pp.created_at) at time zone ${P.tz})::date as day,
          coalesce(pp.completed_at, pp.created_at) as at, pp.id as pp_id, pr.name_ar, pr.name_en,
          coalesce(nullif(pr.name_fr, ''), pr.name_en) as name_fr, null::bigint as payment_id, null::int as receipt_no,
          null::text as ledger_type, ${procedureShare('pp')} as debit, 0::numeric as credit, null::text as notes, pp.id as seq
        from patient_procedures pp join procedures pr on pr.clinic_id = pp.clinic_id and pr.id = pp.procedure_id
        where pp.clinic_id = ${P.clinicId} and pp.patient_id = ${P.patientId} and pp.status in ${r(OWED_STATUSES)}
        union all
        select 'payment', 2, p.paid_on, p.created_at, null, null, null, null, p.id, p.receipt_no, p.ledger_type, 0, p.amount, p.notes, p.id
        from patient_payments p where p.clinic_id = ${P.clinicId} and p.patient_id = ${P.patientId}
        union all
        select 'credit_applied', 3, (a.created_at at time zone ${P.tz})::date, a.created_at, pp.id, pr.name_ar, pr.name_en,
          coalesce(nullif(pr.name_fr, ''), pr.name_en), p.id, p.receipt_no, p.ledger_type, 0, 0, null, a.id
        from payment_allocations a
        join patient_payments p on p.clinic_id = a.clinic_id and p.id = a.payment_id and p.ledger_type = 'LT2'
        join patient_procedures pp on pp.clinic_id = a.clinic_id and pp.id = a.patient_procedure_id
        join procedures pr on pr.clinic_id = pp.clinic_id and pr.id = pp.procedure_id
        where a.clinic_id = ${P.clinicId} and p.patient_id = ${P.patientId}
        union all
        select 'reversal', 4, (rv.created_at at time zone ${P.tz})::date, rv.created_at, null, null, null, null, p.id, p.receipt_no,
          p.ledger_type, p.amount, 0, rv.reason, rv.id
        from payment_reversals rv join patient_payments p on p.clinic_id = rv.clinic_id and p.id = rv.payment_id
        where rv.clinic_id = ${P.clinicId} and p.patient_id = ${P.patientId}),
      e as (
        select *, sum(debit - credit) over (order by day, rank, at, seq rows between unbounded preceding and current row) as running
        from entries)
      select ${jsonArray(fields, [r('e.day'), r('e.rank'), r('e.at'), r('e.seq')])} as items from e`;
    },
    { clinicId, patientId, tz },
  );
  const summary = await patientBalance(tx, clinicId, patientId, currency, d);
  return new JsonText<PatientLedgerOutput>(`{"items":${row!.items},"summary":${JSON.stringify(summary)}}`);
}

/**
 * A statement procedure's identity columns over `patient_procedures pp`, `procedures pr` and the doctor `users du`
 * (the statement's and the invoiceable procedures' lists).
 */
export const statementHeadFields = {
  id: r('pp.id'),
  procedureNameAr: r('pr.name_ar'),
  procedureNameEn: r('pr.name_en'),
  procedureNameFr: r(`coalesce(nullif(pr.name_fr, ''), pr.name_en)`),
  procedureCode: r('pr.code'),
  teeth: r('pp.teeth'),
  status: r('pp.status'),
  doctorName: r('du.display_name'),
};

/** PatientProcedure/GetPatientProcedurePrinting: the statement's procedures (not cancelled), oldest first, and the summary. */
export async function getPatientProcedurePrinting(tx: Tx, session: ClinicSession, patientId: number) {
  const { clinicId } = session;
  const patient = await findPatient(tx, session, patientId);
  const currency = session.clinic.currency;
  const d = currencyDecimals(currency);
  const tz = session.clinic.timeZone;
  const [row] = await runBuilt<{ items: string }>(
    tx,
    `patient_statement_d${d}`,
    () => {
      const fields = {
        ...statementHeadFields,
        date: sql`to_char((coalesce(pp.completed_at, pp.created_at) at time zone ${P.tz})::date, 'YYYY-MM-DD')`,
        price: moneyText(r('pp.price'), d),
        discount: moneyText(r('pp.discount'), d),
        net: moneyText(r('pp.net'), d),
        insuranceShare: moneyText(r('pp.insurance_share'), d),
        patientShare: moneyText(procedureShare('pp'), d),
        paid: moneyText(procedurePaid('pp'), d),
        remaining: moneyText(sql`${procedureShare('pp')} - ${procedurePaid('pp')}`, d),
      } satisfies Record<keyof StatementProcedure, SQLWrapper>;
      return sql`select ${jsonArray(fields, [r('coalesce(pp.completed_at, pp.created_at)'), r('pp.id')])} as items
      from patient_procedures pp
      join procedures pr on pr.clinic_id = pp.clinic_id and pr.id = pp.procedure_id
      join users du on du.clinic_id = pp.clinic_id and du.id = pp.doctor_id
      where pp.clinic_id = ${P.clinicId} and pp.patient_id = ${P.patientId} and pp.status <> 'S5'`;
    },
    { clinicId, patientId, tz },
  );
  const summary = await patientBalance(tx, clinicId, patientId, currency, d);
  const head = { id: patient.id, name: patient.name, code: patient.code, mobile: patient.mobile ?? null };
  return new JsonText<PatientProcedurePrintingOutput>(
    `{"patient":${JSON.stringify(head)},"items":${row!.items},"summary":${JSON.stringify(summary)}}`,
  );
}
