import {
  type PaymentPlanItem,
  type PaymentPlansOutput,
  type SaveRecurrencePaymentInput,
  currencyDecimals,
} from '@dental/contract';
import { type SQLWrapper, and, eq, sql } from 'drizzle-orm';
import type { ClinicSession } from '../../platform/auth/session.js';
import { JsonText, isoInstant, jsonArray, jsonObject } from '../../platform/db/json-list.js';
import type { Tx } from '../../platform/db/types.js';
import { fail } from '../../platform/errors.js';
import { assertCurrencyAmount } from '../../platform/money.js';
import { recordMoneyChange } from '../money-audit/index.js';
import { findPatient } from '../patients/index.js';
import { assertUserBranch, clinicToday } from './payments.service.js';
import { fromMilli, moneyText, notReversed, rowsOf, toMilli } from './payments.sql.js';
import { paymentPlanInstalments, paymentPlans } from './payments.table.js';

/*
 * Instalment plans (SaveRecurrencePayment): a schedule, not money. The caller sends the instalments (due days and
 * amounts adding up to the total; the web form may generate them from a count, a first day and an interval). What is
 * paid is derived: the patient's unreversed payments (LT1 and LT2) paid on or after the plan's start, up to its
 * total, fill the instalments in due order; an instalment due before the clinic's today with something remaining is
 * overdue.
 */

/** PatientProcedure/SaveRecurrencePayment: creates (no id) or replaces a plan whole; audited. */
export async function saveRecurrencePayment(tx: Tx, session: ClinicSession, input: SaveRecurrencePaymentInput) {
  const { clinicId } = session;
  const currency = session.clinic.currency;
  const d = currencyDecimals(currency);
  assertCurrencyAmount(input.total, currency, 'total');
  if (toMilli(input.total) < 1000n) fail('payment_minimum', { total: 'payment_minimum' });
  input.instalments.forEach((i, n) => {
    assertCurrencyAmount(i.amount, currency, `instalments.${n}.amount`);
    if (toMilli(i.amount) <= 0n) fail('field_invalid', { [`instalments.${n}.amount`]: 'field_invalid' });
    if (n > 0 && i.dueOn <= input.instalments[n - 1]!.dueOn) fail('instalment_dates_invalid', { instalments: 'instalment_dates_invalid' });
  });
  const sum = input.instalments.reduce((s, i) => s + toMilli(i.amount), 0n);
  if (sum !== toMilli(input.total)) fail('instalments_total_mismatch', { instalments: 'instalments_total_mismatch' });
  await findPatient(tx, session, input.patientId, true);
  assertUserBranch(session, input.branchId);

  const after = {
    total: fromMilli(toMilli(input.total), d),
    branchId: input.branchId,
    instalments: input.instalments.map((i) => ({ dueOn: i.dueOn, amount: fromMilli(toMilli(i.amount), d) })),
  };
  let id: number;
  let before: Record<string, unknown> | null = null;
  if (input.id) {
    const existing = await findPlan(tx, session, input.id);
    if (existing.patientId !== input.patientId) fail('payment_plan_not_found');
    before = await planSnapshot(tx, clinicId, input.id, d);
    await tx
      .update(paymentPlans)
      .set({ branchId: input.branchId, total: input.total, notes: input.notes || null, updatedAt: new Date() })
      .where(and(eq(paymentPlans.clinicId, clinicId), eq(paymentPlans.id, input.id)));
    await tx.delete(paymentPlanInstalments).where(and(eq(paymentPlanInstalments.clinicId, clinicId), eq(paymentPlanInstalments.planId, input.id)));
    id = input.id;
  } else {
    const [created] = await tx
      .insert(paymentPlans)
      .values({
        clinicId,
        patientId: input.patientId,
        branchId: input.branchId,
        total: input.total,
        startsOn: await clinicToday(tx, session.clinic.timeZone),
        notes: input.notes || null,
        createdBy: session.userId,
      })
      .returning({ id: paymentPlans.id });
    id = created!.id;
  }
  await tx.insert(paymentPlanInstalments).values(input.instalments.map((i) => ({ clinicId, planId: id, dueOn: i.dueOn, amount: i.amount })));
  await recordMoneyChange(tx, session, { patientId: input.patientId, entity: 'payment_plan', entityId: id, action: input.id ? 'changed' : 'created', before, after });
  return { id };
}

/** A plan of the clinic whose patient the user may see (404 payment_plan_not_found / 403 BS15), locked for a change. */
async function findPlan(tx: Tx, session: ClinicSession, id: number) {
  const [plan] = await tx
    .select({ patientId: paymentPlans.patientId, branchId: paymentPlans.branchId })
    .from(paymentPlans)
    .where(and(eq(paymentPlans.clinicId, session.clinicId), eq(paymentPlans.id, id)))
    .for('update');
  if (!plan) return fail('payment_plan_not_found');
  await findPatient(tx, session, plan.patientId, true);
  if (!session.branchIds.includes(plan.branchId)) fail('BS15');
  return plan;
}

async function planSnapshot(tx: Tx, clinicId: number, id: number, d: number) {
  const [row] = rowsOf<{ s: Record<string, unknown> }>(
    await tx.execute(sql`select json_build_object('total', ${moneyText(sql`p.total`, d)}, 'branchId', p.branch_id,
        'instalments', (select json_agg(json_build_object('dueOn', to_char(i.due_on, 'YYYY-MM-DD'), 'amount', ${moneyText(sql`i.amount`, d)}) order by i.due_on)
          from payment_plan_instalments i where i.clinic_id = p.clinic_id and i.plan_id = p.id)) as s
      from payment_plans p where p.clinic_id = ${clinicId} and p.id = ${id}`),
  );
  return row!.s;
}

/** PatientProcedure/DeleteRecurrencePayment: removes the plan and its instalments; audited. */
export async function deleteRecurrencePayment(tx: Tx, session: ClinicSession, id: number) {
  const plan = await findPlan(tx, session, id);
  const before = await planSnapshot(tx, session.clinicId, id, currencyDecimals(session.clinic.currency));
  await tx.delete(paymentPlans).where(and(eq(paymentPlans.clinicId, session.clinicId), eq(paymentPlans.id, id)));
  await recordMoneyChange(tx, session, { patientId: plan.patientId, entity: 'payment_plan', entityId: id, action: 'deleted', before });
  return { ok: true as const };
}

/** PatientProcedure/GetPaymentPlans: the patient's plans, newest first, each instalment with its derived state. */
export async function getPaymentPlans(tx: Tx, session: ClinicSession, patientId: number) {
  const { clinicId } = session;
  await findPatient(tx, session, patientId);
  const d = currencyDecimals(session.clinic.currency);
  const tz = session.clinic.timeZone;
  const instalment = {
    id: sql.raw('i.id'),
    dueOn: sql.raw(`to_char(i.due_on, 'YYYY-MM-DD')`),
    amount: moneyText(sql.raw('i.amount'), d),
    paid: moneyText(sql.raw('i.paid'), d),
    remaining: moneyText(sql.raw('i.amount - i.paid'), d),
    state: sql.raw(`case when i.amount = i.paid then 'paid' when i.due_on < q.today then 'overdue' when i.paid > 0 then 'partly_paid' else 'due' end`),
  } satisfies Record<keyof PaymentPlanItem['instalments'][number], SQLWrapper>;
  const fields = {
    id: sql.raw('q.id'),
    patientId: sql.raw('q.patient_id'),
    branchId: sql.raw('q.branch_id'),
    branchName: sql.raw('q.branch_name'),
    total: moneyText(sql.raw('q.total'), d),
    startsOn: sql.raw(`to_char(q.starts_on, 'YYYY-MM-DD')`),
    notes: sql.raw('q.notes'),
    paid: moneyText(sql.raw('q.paid'), d),
    remaining: moneyText(sql.raw('q.total - q.paid'), d),
    overdue: moneyText(sql.raw(`(select coalesce(sum(i.amount - i.paid), 0) from inst i where i.plan_id = q.id and i.due_on < q.today)`), d),
    createdAt: isoInstant(sql.raw('q.created_at')),
    instalments: sql`(select coalesce(json_agg(${jsonObject(instalment)} order by i.due_on), '[]') from inst i where i.plan_id = q.id)`,
  } satisfies Record<keyof PaymentPlanItem, SQLWrapper>;
  const [row] = rowsOf<{ items: string }>(
    await tx.execute(sql`with q as (
        select pl.*, b.name as branch_name, (now() at time zone ${tz})::date as today,
          least(pl.total, coalesce((select sum(p.amount) from patient_payments p
            where p.clinic_id = pl.clinic_id and p.patient_id = pl.patient_id and p.paid_on >= pl.starts_on
              and ${notReversed(sql`p.clinic_id`, sql`p.id`)}), 0)) as paid
        from payment_plans pl join branches b on b.clinic_id = pl.clinic_id and b.id = pl.branch_id
        where pl.clinic_id = ${clinicId} and pl.patient_id = ${patientId}),
      inst as (
        select i.id, i.plan_id, i.due_on, i.amount,
          greatest(least(i.amount, q.paid - (sum(i.amount) over (partition by i.plan_id order by i.due_on, i.id) - i.amount)), 0) as paid
        from payment_plan_instalments i join q on q.clinic_id = i.clinic_id and q.id = i.plan_id)
      select ${jsonArray(fields, [sql.raw('q.created_at desc'), sql.raw('q.id desc')])} as items from q`),
  );
  return new JsonText<PaymentPlansOutput>(`{"items":${row!.items}}`);
}
