import { currencyDecimals } from '@dental/contract';
import { sql } from 'drizzle-orm';
import { nextNumber } from '../../platform/db/counters.js';
import { withTenant } from '../../platform/db/tenancy.js';
import type { Db, Tx } from '../../platform/db/types.js';
import { moneyAudit } from '../money-audit/money-audit.table.js';
import { paymentAllocations, patientPayments, paymentPlanInstalments, paymentPlans, paymentReversals } from './payments.table.js';
import { rowsOf } from './payments.sql.js';

type Proc = { id: number; patientId: number; status: string; share: string };

/**
 * Demo payments on the demo patients' procedures (patient-procedures.seed.ts gives the first five patients their
 * procedures): the first patient paid half of a completed procedure (LT1), the second paid an in-progress one in full;
 * the third's payment was reversed (so they owe), the fourth paid on account (LT2) and part of that credit was
 * applied to a planned procedure; the fifth owes all and has an instalment plan whose first instalment is overdue.
 * Deterministic: the same rows for the same demo procedures; does nothing when the clinic already has payments.
 */
export async function seedDemoPayments(db: Db, clinicId: number) {
  await withTenant(db, clinicId, async (tx) => {
    const [already] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from patient_payments where clinic_id = ${clinicId}`));
    if (Number(already!.n)) return;
    const [setup] = rowsOf<{ currency: string; userId: number; typeId: number | null }>(
      await tx.execute(sql`select c.currency,
          (select u.id from users u join roles r on r.clinic_id = u.clinic_id and r.id = u.role_id
            where u.clinic_id = c.id and r.base_role = 'RL1' order by u.id limit 1) as "userId",
          (select t.id from payment_types t where t.clinic_id = c.id and t.is_active order by t.is_default desc, t.id limit 1) as "typeId"
        from clinics c where c.id = ${clinicId}`),
    );
    if (!setup?.typeId || !setup.userId) return;
    const d = currencyDecimals(setup.currency);
    const procs = rowsOf<Proc>(
      await tx.execute(sql`select pp.id, pp.patient_id as "patientId", pp.status, (pp.net - pp.insurance_share)::text as share
        from patient_procedures pp where pp.clinic_id = ${clinicId} order by pp.patient_id, pp.id`),
    );
    const patients = [...new Set(procs.map((p) => Number(p.patientId)))];
    const ofPatient = (i: number) => procs.filter((p) => Number(p.patientId) === patients[i]);
    const userId = Number(setup.userId);
    const ctx = { tx, clinicId, userId, typeId: Number(setup.typeId), d };

    const first = ofPatient(0).find((p) => p.status === 'S3');
    if (first) await pay(ctx, Number(first.patientId), 'LT1', sql`round(${first.share}::numeric / 2, ${sql.raw(String(d))})`, 12, [first.id]);
    const second = ofPatient(1).find((p) => p.status === 'S2');
    if (second) {
      await pay(ctx, Number(second.patientId), 'LT1', sql`${second.share}::numeric`, 8, [second.id]);
    }
    const third = ofPatient(2)[0];
    if (third) {
      const id = await pay(ctx, Number(third.patientId), 'LT1', sql`${third.share}::numeric`, 30, [third.id]);
      await tx.insert(paymentReversals).values({ clinicId, paymentId: id, reason: 'الدفعة سُجلت لمريض آخر', createdBy: userId });
      await audit(ctx, Number(third.patientId), 'payment', id, 'reversed');
    }
    const fourth = ofPatient(3).find((p) => p.status === 'S1');
    if (fourth) {
      const id = await pay(ctx, Number(fourth.patientId), 'LT2', sql`100`, 2, []);
      await tx.insert(paymentAllocations).values({ clinicId, paymentId: id, patientProcedureId: fourth.id, amount: sql`least(50, ${fourth.share}::numeric)`, createdBy: userId });
      await audit(ctx, Number(fourth.patientId), 'payment', id, 'credit_applied');
    }
    // the fifth owes a completed procedure and agreed to pay it in three monthly instalments; the first is overdue
    const fifth = ofPatient(4).find((p) => p.status === 'S3');
    if (fifth) {
      const [plan] = await tx
        .insert(paymentPlans)
        .values({ clinicId, patientId: Number(fifth.patientId), branchId: await firstBranch(tx, clinicId), total: sql`${fifth.share}::numeric`, startsOn: sql`(now() - interval '40 days')::date`, notes: 'تقسيط على ثلاثة أشهر', createdBy: userId })
        .returning({ id: paymentPlans.id });
      for (const m of [0, 1, 2])
        await tx.insert(paymentPlanInstalments).values({
          clinicId,
          planId: plan!.id,
          dueOn: sql`(now() - interval '10 days' + make_interval(months => ${m}))::date`,
          amount: m < 2
            ? sql`round(${fifth.share}::numeric / 3, ${sql.raw(String(d))})`
            : sql`${fifth.share}::numeric - 2 * round(${fifth.share}::numeric / 3, ${sql.raw(String(d))})`,
        });
      await audit(ctx, Number(fifth.patientId), 'payment_plan', plan!.id, 'created');
    }
  });
}

type Ctx = { tx: Tx; clinicId: number; userId: number; typeId: number; d: number };

async function firstBranch(tx: Tx, clinicId: number) {
  const [b] = rowsOf<{ id: number }>(await tx.execute(sql`select id from branches where clinic_id = ${clinicId} order by id limit 1`));
  return Number(b!.id);
}

/** One payment `daysAgo` days ago, allocated whole to `procedureIds[0]` for LT1. */
async function pay(ctx: Ctx, patientId: number, ledgerType: 'LT1' | 'LT2', amount: ReturnType<typeof sql>, daysAgo: number, procedureIds: number[]) {
  const { tx, clinicId, userId } = ctx;
  const [payment] = await tx
    .insert(patientPayments)
    .values({
      clinicId,
      patientId,
      branchId: await firstBranch(tx, clinicId),
      ledgerType,
      amount,
      paymentTypeId: ctx.typeId,
      paidOn: sql`(now() - make_interval(days => ${daysAgo}))::date`,
      receiptNo: await nextNumber(tx, clinicId, 'receipt'),
      receivedBy: userId,
      createdBy: userId,
    })
    .returning({ id: patientPayments.id, amount: patientPayments.amount });
  if (procedureIds[0])
    await tx.insert(paymentAllocations).values({ clinicId, paymentId: payment!.id, patientProcedureId: procedureIds[0], amount: payment!.amount, createdBy: userId });
  await audit(ctx, patientId, 'payment', payment!.id, 'created', { ledgerType, amount: payment!.amount });
  return payment!.id;
}

async function audit(ctx: Ctx, patientId: number, entity: string, entityId: number, action: string, after: Record<string, unknown> | null = null) {
  await ctx.tx.insert(moneyAudit).values({ clinicId: ctx.clinicId, patientId, entity, entityId, action, after, userId: ctx.userId });
}
