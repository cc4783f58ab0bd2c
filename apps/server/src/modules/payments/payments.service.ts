import {
  type ApplyPatientCreditInput,
  type ApplyPatientCreditOutput,
  type DeleteProcedurePaymentInput,
  type SaveProcedurePaymentInput,
  type SaveProcedurePaymentOutput,
  compareDecimalText,
  currencyDecimals,
} from '@dental/contract';
import { sql } from 'drizzle-orm';
import type { ClinicSession } from '../../platform/auth/session.js';
import { nextNumberStatement } from '../../platform/db/counters.js';
import type { Tx } from '../../platform/db/types.js';
import { AppError, fail } from '../../platform/errors.js';
import { assertCurrencyAmount } from '../../platform/money.js';
import { moneyChangeStatement, recordMoneyChange } from '../money-audit/index.js';
import { findPatient } from '../patients/index.js';
import { paymentAllocations, patientPayments, paymentReversals } from './payments.table.js';
import { fromMilli, notReversed, paymentApplied, procedurePaid, procedureShare, rowsOf, toMilli } from './payments.sql.js';

/*
 * Money in (docs/payments.md). Every write locks the patient's row first (findPatient with lock: FOR UPDATE), then
 * the procedures it pays (FOR UPDATE), and only then reads what is paid, in new statements: under READ COMMITTED each
 * statement sees what the transactions it waited for committed, so a remaining amount checked here cannot be spent by
 * another request before this one commits (no overpay under concurrency; payments.race.int.test.ts).
 */

/** A branch of the clinic the user works in: not the clinic's → 404, not the user's → 403 BS15. */
export function assertUserBranch(session: ClinicSession, branchId: number) {
  if (!session.clinicBranchIds.includes(branchId)) fail('not_found', { branchId: 'not_found' });
  if (!session.branchIds.includes(branchId)) fail('BS15');
}

/** The clinic's today (its time zone) as 'YYYY-MM-DD'. */
export async function clinicToday(tx: Tx, timeZone: string): Promise<string> {
  const [row] = rowsOf<{ d: string }>(await tx.execute(sql`select to_char((now() at time zone ${timeZone})::date, 'YYYY-MM-DD') as d`));
  return row!.d;
}

/** A user-entered amount: the currency's decimals (400 money_decimals_invalid) and at least 1 (400 payment_minimum). */
function assertPaymentAmount(amount: string, currency: string, field = 'amount') {
  assertCurrencyAmount(amount, currency, field);
  if (compareDecimalText(amount, '1') < 0) fail('payment_minimum', { [field]: 'payment_minimum' });
}

type PayableRow = { id: number; status: string; remaining: string };

/**
 * Locks the patient's procedures `ids` (FOR UPDATE) and answers each one's remaining (patient share − paid), in the
 * order given. An id that is not a procedure of this patient (of this clinic) is 404; a cancelled one 409
 * procedure_not_payable. Call it after the patient's row is locked.
 */
async function lockPayable(tx: Tx, clinicId: number, patientId: number, ids: readonly number[]): Promise<PayableRow[]> {
  const idList = sql.join(ids.map((i) => sql`${i}`), sql`, `);
  const locked = rowsOf<{ id: number }>(
    await tx.execute(sql`select id from patient_procedures
      where clinic_id = ${clinicId} and patient_id = ${patientId} and id in (${idList}) order by id for update`),
  );
  if (locked.length !== ids.length) fail('patient_procedure_not_found');
  // a new statement: it sees every allocation committed by the transactions this one waited for
  const rows = rowsOf<PayableRow>(
    await tx.execute(sql`select pp.id, pp.status, (${procedureShare('pp')} - ${procedurePaid('pp')})::text as remaining
      from patient_procedures pp where pp.clinic_id = ${clinicId} and pp.id in (${idList})`),
  );
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  const ordered = ids.map((i) => byId.get(i)!);
  if (ordered.some((r) => r.status === 'S5')) fail('procedure_not_payable');
  return ordered;
}

/** Splits `amount` (thousandths) over the rows in order, each up to its remaining; more than their total → 400 with the maximum. */
function split(amount: bigint, rows: readonly PayableRow[], decimals: number) {
  const max = rows.reduce((s, r) => s + (toMilli(r.remaining) > 0n ? toMilli(r.remaining) : 0n), 0n);
  if (amount > max) throw new AppError('max_amount_exceeded', { amount: 'max_amount_exceeded' }, { maximum: fromMilli(max, decimals) });
  const parts: { patientProcedureId: number; amount: bigint }[] = [];
  let left = amount;
  for (const r of rows) {
    if (left === 0n) break;
    const room = toMilli(r.remaining);
    if (room <= 0n) continue;
    const part = left < room ? left : room;
    parts.push({ patientProcedureId: Number(r.id), amount: part });
    left -= part;
  }
  return parts;
}

/**
 * The clinic's active payment type (400 payment_type_invalid otherwise) and the clinic's today in its time zone
 * ('YYYY-MM-DD'), in one round trip.
 */
async function paymentTypeAndToday(tx: Tx, clinicId: number, id: number, timeZone: string) {
  const [row] = rowsOf<{ found: boolean; today: string }>(
    await tx.execute(sql`select exists (select 1 from payment_types where clinic_id = ${clinicId} and id = ${id} and is_active) as found,
      to_char((now() at time zone ${timeZone})::date, 'YYYY-MM-DD') as today`),
  );
  if (!row!.found) fail('payment_type_invalid', { paymentTypeId: 'payment_type_invalid' });
  return row!.today;
}

/** Who took the money: an active user of the clinic (400 on receivedBy otherwise). */
async function assertReceiver(tx: Tx, clinicId: number, userId: number) {
  const [row] = rowsOf<{ id: number }>(
    await tx.execute(sql`select id from users where clinic_id = ${clinicId} and id = ${userId} and is_active and deleted_at is null`),
  );
  if (!row) fail('field_invalid', { receivedBy: 'field_invalid' });
}

/**
 * PatientProcedure/SaveProcedurePayment: LT1 split over the selected procedures in order, or LT2 on account; a
 * receipt number from the clinic's 'receipt' counter; audited.
 */
export async function saveProcedurePayment(tx: Tx, session: ClinicSession, input: SaveProcedurePaymentInput): Promise<SaveProcedurePaymentOutput> {
  const { clinicId } = session;
  const currency = session.clinic.currency;
  const decimals = currencyDecimals(currency);
  assertPaymentAmount(input.amount, currency);
  // what needs no lock is checked before the patient's lock is taken: the saves of one patient (and, from the counter
  // on, of one clinic) take turns, so every round trip after the lock lengthens each turn (docs/payments.md)
  const today = await paymentTypeAndToday(tx, clinicId, input.paymentTypeId, session.clinic.timeZone);
  const receivedBy = input.receivedBy ?? session.userId;
  if (input.receivedBy) await assertReceiver(tx, clinicId, receivedBy);
  const paidOn = input.paidOn ?? today;
  if (paidOn > today) fail('payment_date_future', { paidOn: 'payment_date_future' });
  await findPatient(tx, session, input.patientId, true);
  assertUserBranch(session, input.branchId);

  const parts = input.ledgerType === 'LT1'
    ? split(toMilli(input.amount), await lockPayable(tx, clinicId, input.patientId, input.procedureIds!), decimals)
    : [];
  const allocations = parts.map((p) => ({ patientProcedureId: p.patientProcedureId, amount: fromMilli(p.amount, decimals) }));
  // after the lock, one statement: the receipt number, the payment, its allocations and its money history (each round
  // trip under the patient's lock lengthens every save's turn; docs/payments.md)
  const after = { ledgerType: input.ledgerType, amount: fromMilli(toMilli(input.amount), decimals), paidOn, branchId: input.branchId, paymentTypeId: input.paymentTypeId, allocations };
  const allocated = allocations.length
    ? sql`, a as (insert into ${paymentAllocations} (clinic_id, payment_id, patient_procedure_id, amount, created_by)
        select ${clinicId}, p.id, x.procedure_id, x.amount, ${session.userId}
        from p, unnest(array[${sql.join(allocations.map((a) => sql`${a.patientProcedureId}`), sql`, `)}]::bigint[],
          array[${sql.join(allocations.map((a) => sql`${a.amount}`), sql`, `)}]::numeric[]) as x(procedure_id, amount))`
    : sql``;
  const [payment] = rowsOf<{ id: string | number; receipt_no: string | number }>(
    await tx.execute(sql`with n as (${nextNumberStatement(clinicId, 'receipt')}),
      p as (insert into ${patientPayments} (clinic_id, patient_id, branch_id, ledger_type, amount, payment_type_id, paid_on,
          receipt_no, received_by, notes, created_by)
        select ${clinicId}, ${input.patientId}, ${input.branchId}, ${input.ledgerType}, ${input.amount}, ${input.paymentTypeId}, ${paidOn},
          n.value, ${receivedBy}, ${input.notes || null}, ${session.userId} from n
        returning id, receipt_no)${allocated},
      m as (${moneyChangeStatement(session, { patientId: input.patientId, entity: 'payment', action: 'created' }, sql`p`, sql`p.id`,
        sql`${JSON.stringify(after)}::jsonb || jsonb_build_object('receiptNo', p.receipt_no)`)})
      select id, receipt_no from p`),
  );
  return { id: Number(payment!.id), receiptNo: Number(payment!.receipt_no), allocations };
}

/**
 * PatientProcedure/ApplyPatientCredit: the patient's credit (unreversed LT2 payments' unapplied parts, oldest paid
 * first) applied to the procedures in order, each up to its remaining; an allocation per (payment, procedure) pair.
 */
export async function applyPatientCredit(tx: Tx, session: ClinicSession, input: ApplyPatientCreditInput): Promise<ApplyPatientCreditOutput> {
  const { clinicId } = session;
  const currency = session.clinic.currency;
  const decimals = currencyDecimals(currency);
  assertCurrencyAmount(input.amount, currency, 'amount');
  if (toMilli(input.amount) <= 0n) fail('field_invalid', { amount: 'field_invalid' });
  await findPatient(tx, session, input.patientId, true);
  const credits = rowsOf<{ id: number; unapplied: string }>(
    await tx.execute(sql`select p.id, (p.amount - ${paymentApplied('p')})::text as unapplied
      from patient_payments p
      where p.clinic_id = ${clinicId} and p.patient_id = ${input.patientId} and p.ledger_type = 'LT2'
        and ${notReversed(sql`p.clinic_id`, sql`p.id`)} and p.amount > ${paymentApplied('p')}
      order by p.paid_on, p.id`),
  );
  const amount = toMilli(input.amount);
  const available = credits.reduce((s, c) => s + toMilli(c.unapplied), 0n);
  if (amount > available)
    throw new AppError('credit_balance_insufficient', { amount: 'credit_balance_insufficient' }, { maximum: fromMilli(available, decimals) });
  const parts = split(amount, await lockPayable(tx, clinicId, input.patientId, input.procedureIds), decimals);

  // pair the procedures' parts off against the credits, oldest credit first
  const out: { paymentId: number; patientProcedureId: number; amount: bigint }[] = [];
  let ci = 0;
  let creditLeft = credits.length ? toMilli(credits[0]!.unapplied) : 0n;
  for (const part of parts) {
    let need = part.amount;
    while (need > 0n) {
      while (creditLeft === 0n) creditLeft = toMilli(credits[++ci]!.unapplied);
      const take = need < creditLeft ? need : creditLeft;
      out.push({ paymentId: Number(credits[ci]!.id), patientProcedureId: part.patientProcedureId, amount: take });
      need -= take;
      creditLeft -= take;
    }
  }
  const allocations = out.map((a) => ({ ...a, amount: fromMilli(a.amount, decimals) }));
  await tx.insert(paymentAllocations).values(allocations.map((a) => ({ clinicId, ...a, createdBy: session.userId })));
  for (const paymentId of [...new Set(allocations.map((a) => a.paymentId))]) {
    await recordMoneyChange(tx, session, {
      patientId: input.patientId,
      entity: 'payment',
      entityId: paymentId,
      action: 'credit_applied',
      after: { allocations: allocations.filter((a) => a.paymentId === paymentId).map(({ patientProcedureId, amount }) => ({ patientProcedureId, amount })) },
    });
  }
  return { allocations };
}

/**
 * PatientProcedure/DeleteProcedurePayment: a reversal (reason, who, when); the payment and its allocations stay as
 * they were and stop counting. A payment of another clinic is 404, of a branch the user may not use 403 BS15;
 * twice 409 payment_already_reversed (checked under the patient's lock; the unique index backs it).
 */
export async function deleteProcedurePayment(tx: Tx, session: ClinicSession, input: DeleteProcedurePaymentInput) {
  const { clinicId } = session;
  const decimals = currencyDecimals(session.clinic.currency);
  const [found] = rowsOf<{ patientId: number; branchId: number }>(
    await tx.execute(sql`select patient_id as "patientId", branch_id as "branchId" from patient_payments where clinic_id = ${clinicId} and id = ${input.id}`),
  );
  if (!found) return fail('payment_not_found');
  await findPatient(tx, session, Number(found.patientId), true);
  if (!session.branchIds.includes(Number(found.branchId))) fail('BS15');
  const [payment] = rowsOf<{ amount: string; applied: string; reversed: boolean; ledgerType: string; receiptNo: number }>(
    await tx.execute(sql`select p.amount::text as amount, ${paymentApplied('p')}::text as applied, p.ledger_type as "ledgerType",
        p.receipt_no as "receiptNo", not ${notReversed(sql`p.clinic_id`, sql`p.id`)} as reversed
      from patient_payments p where p.clinic_id = ${clinicId} and p.id = ${input.id}`),
  );
  if (payment!.reversed) fail('payment_already_reversed');
  const [reversal] = await tx
    .insert(paymentReversals)
    .values({ clinicId, paymentId: input.id, reason: input.reason, createdBy: session.userId })
    .returning({ id: paymentReversals.id });
  await recordMoneyChange(tx, session, {
    patientId: Number(found.patientId),
    entity: 'payment',
    entityId: input.id,
    action: 'reversed',
    before: {
      ledgerType: payment!.ledgerType,
      receiptNo: payment!.receiptNo,
      amount: fromMilli(toMilli(payment!.amount), decimals),
      applied: fromMilli(toMilli(payment!.applied), decimals),
    },
    after: { reversalId: reversal!.id, reason: input.reason },
  });
  return { ok: true as const };
}
