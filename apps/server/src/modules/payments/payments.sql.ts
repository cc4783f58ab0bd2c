import type { BalanceSummary } from '@dental/contract';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { runBuilt } from '../../platform/db/json-list.js';
import type { Tx } from '../../platform/db/types.js';

/*
 * The SQL every money figure comes from (docs/payments.md): one source per figure. A procedure's charge to the
 * patient is `net − insurance_share`; what is paid on it is the sum of its allocations whose payment is not reversed;
 * a patient's credit is the unapplied part of their unreversed LT2 payments. Amounts are numeric; answers print them
 * rounded to the currency's decimals as text, by PostgreSQL. Exported for the invoices and financials modules.
 */

/** True when the payment `paymentId` (a column or value) of the clinic `clinicId` has no reversal. */
export const notReversed = (clinicId: SQLWrapper, paymentId: SQLWrapper) =>
  sql`not exists (select 1 from payment_reversals r where r.clinic_id = ${clinicId} and r.payment_id = ${paymentId})`;

/** What is paid on the patient procedure `pp` (an alias with clinic_id and id): its unreversed allocations. */
export const procedurePaid = (pp: string) =>
  sql.raw(`coalesce((select sum(a.amount) from payment_allocations a
    where a.clinic_id = ${pp}.clinic_id and a.patient_procedure_id = ${pp}.id
      and not exists (select 1 from payment_reversals r where r.clinic_id = a.clinic_id and r.payment_id = a.payment_id)), 0)`);

/**
 * `procedurePaid` for every procedure of the clinic at once, as rows (patient_procedure_id, paid): for lists that sum
 * many procedures, one hash aggregate instead of a subquery per procedure. Same rule: unreversed allocations.
 */
export const paidByProcedure = (clinicId: number) =>
  sql`select a.patient_procedure_id, sum(a.amount) as paid from payment_allocations a
    where a.clinic_id = ${clinicId}
      and not exists (select 1 from payment_reversals r where r.clinic_id = a.clinic_id and r.payment_id = a.payment_id)
    group by a.patient_procedure_id`;

/** The patient's share of the procedure `pp`: net − insurance share (cancelled ones are filtered by the caller). */
export const procedureShare = (pp: string) => sql.raw(`(${pp}.net - ${pp}.insurance_share)`);

/** The statuses whose patient share is owed (started or done); S1 may be paid in advance, S5 charges nothing. */
export const OWED_STATUSES = `('S2', 'S3', 'S4')`;

/** An amount as text with `decimals` decimals ("150.00", LYD "12.500"). */
export const moneyText = (value: SQLWrapper | SQL, decimals: number) =>
  sql`round(${value}, ${sql.raw(String(decimals))})::text`;

/** The unapplied credit of the LT2 payment `p` (alias with clinic_id, id, amount, ledger_type). */
export const paymentApplied = (p: string) =>
  sql.raw(
    `coalesce((select sum(a.amount) from payment_allocations a where a.clinic_id = ${p}.clinic_id and a.payment_id = ${p}.id), 0)`,
  );

/** The balance summary's columns for one patient (as numeric; `summaryText` prints them). */
export function balanceSql(clinicId: number | SQLWrapper, patientId: number | SQLWrapper) {
  return sql`with pr as (
      select pp.status in ${sql.raw(OWED_STATUSES)} as owed, pp.status = 'S1' as planned, pp.price, pp.discount,
        pp.insurance_share, ${procedureShare('pp')} as share, ${procedurePaid('pp')} as paid
      from patient_procedures pp
      where pp.clinic_id = ${clinicId} and pp.patient_id = ${patientId} and pp.status <> 'S5'),
    cr as (
      select coalesce(sum(p.amount - ${paymentApplied('p')}), 0) as credit
      from patient_payments p
      where p.clinic_id = ${clinicId} and p.patient_id = ${patientId} and p.ledger_type = 'LT2' and ${notReversed(sql`p.clinic_id`, sql`p.id`)})
    select coalesce(sum(price) filter (where owed), 0) as charged,
      coalesce(sum(discount) filter (where owed), 0) as discounts,
      coalesce(sum(insurance_share) filter (where owed), 0) as insurance_share,
      coalesce(sum(share) filter (where owed), 0) as patient_share,
      coalesce(sum(paid) filter (where owed), 0) as paid,
      coalesce(sum(share - paid) filter (where owed), 0) as remaining,
      coalesce(sum(share) filter (where planned), 0) as planned,
      coalesce(sum(paid) filter (where planned), 0) as planned_paid,
      coalesce(sum(share - paid) filter (where planned), 0) as planned_remaining,
      (select credit from cr) as credit
    from pr`;
}

/** The balance summary of a patient (GetPPW), every amount printed by PostgreSQL with the currency's decimals. */
export async function patientBalance(
  tx: Tx,
  clinicId: number,
  patientId: number,
  currency: string,
  decimals: number,
): Promise<BalanceSummary> {
  const [row] = await runBuilt<Omit<BalanceSummary, 'currency'>>(
    tx,
    `patient_balance_d${decimals}`,
    () => {
      const d = sql.raw(String(decimals));
      return sql`select
      round(charged, ${d})::text as "charged", round(discounts, ${d})::text as "discounts",
      round(insurance_share, ${d})::text as "insuranceShare", round(patient_share, ${d})::text as "patientShare",
      round(paid, ${d})::text as "paid", round(remaining, ${d})::text as "remaining",
      round(planned, ${d})::text as "planned", round(planned_paid, ${d})::text as "plannedPaid",
      round(planned_remaining, ${d})::text as "plannedRemaining", round(credit, ${d})::text as "credit",
      round(credit + planned_paid - remaining, ${d})::text as "balance"
    from (${balanceSql(sql.placeholder('clinicId'), sql.placeholder('patientId'))}) b`;
    },
    { clinicId, patientId },
  );
  return { currency, ...row! };
}

/** Rows of a `tx.execute` result. */
export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/*
 * Exact amounts in JavaScript: thousandths as BigInt (numeric(14,3) holds 3 decimals), for splitting a payment over
 * procedures. Never a float.
 */
export function toMilli(text: string): bigint {
  const m = /^(-?)(\d+)(?:\.(\d{1,3}))?\d*$/.exec(text.trim());
  if (!m) throw new Error(`not an amount: ${text}`);
  const v = BigInt(m[2]!) * 1000n + BigInt((m[3] ?? '').padEnd(3, '0'));
  return m[1] ? -v : v;
}

/** Thousandths as text with `decimals` decimals (2: "150.50"; 3: "12.500"); digits past `decimals` are kept if not 0. */
export function fromMilli(v: bigint, decimals = 3): string {
  const neg = v < 0n;
  const a = neg ? -v : v;
  let frac = (a % 1000n).toString().padStart(3, '0');
  while (frac.length > decimals && frac.endsWith('0')) frac = frac.slice(0, -1);
  return `${neg ? '-' : ''}${a / 1000n}${frac ? `.${frac}` : ''}`;
}

/**
 * `patient_balances` against the sums of the entries (the summary's definition, written again from the entries): the
 * clinic's patients whose summary differs, with both. Empty when the summary is true. Tests and operators run it.
 */
export const balancesDrift = (clinicId: number) =>
  sql`with e as (
      select patient_id, sum(share) as share, sum(paid) as paid, sum(credit) as credit from (
        select pp.patient_id, ${procedureShare('pp')} as share, ${procedurePaid('pp')} as paid, 0 as credit
          from patient_procedures pp where pp.clinic_id = ${clinicId} and pp.status in ${sql.raw(OWED_STATUSES)}
        union all
        select p.patient_id, 0, 0, p.amount - ${paymentApplied('p')} from patient_payments p
          where p.clinic_id = ${clinicId} and p.ledger_type = 'LT2' and ${notReversed(sql`p.clinic_id`, sql`p.id`)}) x
      group by patient_id),
    b as (select patient_id, share, paid, credit from patient_balances where clinic_id = ${clinicId})
    select coalesce(e.patient_id, b.patient_id) as patient_id, e.share::text as share, b.share::text as summary_share,
      e.paid::text as paid, b.paid::text as summary_paid, e.credit::text as credit, b.credit::text as summary_credit
    from e full join b on b.patient_id = e.patient_id
    where coalesce(e.share, 0) <> coalesce(b.share, 0) or coalesce(e.paid, 0) <> coalesce(b.paid, 0)
      or coalesce(e.credit, 0) <> coalesce(b.credit, 0)`;

/**
 * `patient_balance_parts` against the entries (its definition written again from them: each patient's S2-S4
 * procedures grouped by branch, doctor, both and neither, 0 meaning every one): the rows that differ in share, paid or
 * the oldest unpaid charge moment. Empty when the parts are true. Tests and the bench run it.
 */
export const balancePartsDrift = (clinicId: number) =>
  sql`with e as (
      select patient_id, coalesce(branch_id, 0) as branch_id, coalesce(doctor_id, 0) as doctor_id, sum(share) as share,
        sum(paid) as paid, min(at) filter (where share > paid) as oldest_at
      from (select pp.patient_id, pp.branch_id, pp.doctor_id, ${procedureShare('pp')} as share, ${procedurePaid('pp')} as paid,
          coalesce(pp.completed_at, pp.created_at) as at
        from patient_procedures pp where pp.clinic_id = ${clinicId} and pp.status in ${sql.raw(OWED_STATUSES)}) x
      group by patient_id, grouping sets ((), (branch_id), (doctor_id), (branch_id, doctor_id))),
    g as (select patient_id, branch_id, doctor_id, share, paid, oldest_at from patient_balance_parts where clinic_id = ${clinicId})
    select coalesce(e.patient_id, g.patient_id) as patient_id, coalesce(e.branch_id, g.branch_id) as branch_id,
      coalesce(e.doctor_id, g.doctor_id) as doctor_id, e.share::text as share, g.share::text as parts_share,
      e.paid::text as paid, g.paid::text as parts_paid, e.oldest_at::text as oldest_at, g.oldest_at::text as parts_oldest_at
    from e full join g on g.patient_id = e.patient_id and g.branch_id = e.branch_id and g.doctor_id = e.doctor_id
    where coalesce(e.share, 0) <> coalesce(g.share, 0) or coalesce(e.paid, 0) <> coalesce(g.paid, 0)
      or e.oldest_at is distinct from g.oldest_at`;
