import { sql } from 'drizzle-orm';
import { check, date, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { branches, users } from '../../platform/auth/identity.table.js';
import { clinicId, createdAt, identityId, money, ref, updatedAt } from '../../platform/db/columns.js';
import { paymentTypes } from '../lookups/lookups.table.js';
import { patientProcedures } from '../patient-procedures/patient-procedures.table.js';
import { patientFk } from '../patients/patients.table.js';

/**
 * Money received from a patient (spec §4 ledger types): LT1 paid against procedures (its allocations say which),
 * LT2 paid on the patient's open account (credit, applied to procedures later by allocations). An entry: never
 * updated or deleted (a trigger refuses both); "deleting" a payment writes a `payment_reversals` row. `paidOn` is the
 * clinic day the payment is booked on (the financials will book it as income of that day); `receiptNo` comes from the
 * clinic's 'receipt' counter (no gaps, no repeats).
 */
export const patientPayments = pgTable(
  'patient_payments',
  {
    clinicId: clinicId(),
    id: identityId(),
    patientId: ref('patient_id').notNull(),
    branchId: ref('branch_id').notNull(),
    ledgerType: text('ledger_type').notNull(),
    amount: money('amount').notNull(),
    paymentTypeId: ref('payment_type_id').notNull(),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    receiptNo: integer('receipt_no').notNull(),
    /** Who took the money (the user saving it unless the desk names another). */
    receivedBy: ref('received_by').notNull(),
    notes: text('notes'),
    createdBy: ref('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.id] }),
    patientFk(t),
    foreignKey({ columns: [t.clinicId, t.branchId], foreignColumns: [branches.clinicId, branches.id] }),
    foreignKey({ columns: [t.clinicId, t.paymentTypeId], foreignColumns: [paymentTypes.clinicId, paymentTypes.id] }),
    foreignKey({ columns: [t.clinicId, t.receivedBy], foreignColumns: [users.clinicId, users.id] }),
    foreignKey({ columns: [t.clinicId, t.createdBy], foreignColumns: [users.clinicId, users.id] }),
    uniqueIndex('patient_payments_receipt_uq').on(t.clinicId, t.receiptNo),
    index('patient_payments_patient_idx').on(t.clinicId, t.patientId, t.paidOn),
    index('patient_payments_branch_idx').on(t.clinicId, t.branchId, t.paidOn),
    check('patient_payments_amount_ck', sql`${t.amount} > 0`),
    check('patient_payments_ledger_ck', sql`${t.ledgerType} in ('LT1', 'LT2')`),
  ],
);

/**
 * A part of a payment applied to one patient procedure: written with an LT1 payment (split over the procedures it
 * pays), or later when an LT2 credit is applied. An entry (never updated or deleted); it stops counting when its
 * payment is reversed.
 */
export const paymentAllocations = pgTable(
  'payment_allocations',
  {
    clinicId: clinicId(),
    id: identityId(),
    paymentId: ref('payment_id').notNull(),
    patientProcedureId: ref('patient_procedure_id').notNull(),
    amount: money('amount').notNull(),
    createdBy: ref('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.id] }),
    foreignKey({ columns: [t.clinicId, t.paymentId], foreignColumns: [patientPayments.clinicId, patientPayments.id] }),
    foreignKey({
      columns: [t.clinicId, t.patientProcedureId],
      foreignColumns: [patientProcedures.clinicId, patientProcedures.id],
    }),
    foreignKey({ columns: [t.clinicId, t.createdBy], foreignColumns: [users.clinicId, users.id] }),
    index('payment_allocations_payment_idx').on(t.clinicId, t.paymentId),
    index('payment_allocations_procedure_idx').on(t.clinicId, t.patientProcedureId),
    check('payment_allocations_amount_ck', sql`${t.amount} > 0`),
  ],
);

/** The reversal of a payment ("delete payment"): who, when and why. One per payment (unique). An entry. */
export const paymentReversals = pgTable(
  'payment_reversals',
  {
    clinicId: clinicId(),
    id: identityId(),
    paymentId: ref('payment_id').notNull(),
    reason: text('reason').notNull(),
    createdBy: ref('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.id] }),
    foreignKey({ columns: [t.clinicId, t.paymentId], foreignColumns: [patientPayments.clinicId, patientPayments.id] }),
    foreignKey({ columns: [t.clinicId, t.createdBy], foreignColumns: [users.clinicId, users.id] }),
    uniqueIndex('payment_reversals_payment_uq').on(t.clinicId, t.paymentId),
  ],
);

/**
 * An instalment plan (SaveRecurrencePayment): the patient agrees to pay `total` in instalments. A schedule, not
 * money: what is paid and overdue is derived from the patient's payments since `startsOn`.
 */
export const paymentPlans = pgTable(
  'payment_plans',
  {
    clinicId: clinicId(),
    id: identityId(),
    patientId: ref('patient_id').notNull(),
    branchId: ref('branch_id').notNull(),
    total: money('total').notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    notes: text('notes'),
    createdBy: ref('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.id] }),
    patientFk(t),
    foreignKey({ columns: [t.clinicId, t.branchId], foreignColumns: [branches.clinicId, branches.id] }),
    foreignKey({ columns: [t.clinicId, t.createdBy], foreignColumns: [users.clinicId, users.id] }),
    index('payment_plans_patient_idx').on(t.clinicId, t.patientId),
    check('payment_plans_total_ck', sql`${t.total} > 0`),
  ],
);

/** One due amount of an instalment plan. */
export const paymentPlanInstalments = pgTable(
  'payment_plan_instalments',
  {
    clinicId: clinicId(),
    id: identityId(),
    planId: ref('plan_id').notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    amount: money('amount').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.id] }),
    foreignKey({ columns: [t.clinicId, t.planId], foreignColumns: [paymentPlans.clinicId, paymentPlans.id] })
      .onDelete('cascade'),
    index('payment_plan_instalments_plan_idx').on(t.clinicId, t.planId, t.dueOn),
    check('payment_plan_instalments_amount_ck', sql`${t.amount} > 0`),
  ],
);

/**
 * What each patient owes, summed from the entries (docs/payments.md "the balances summary"): `share` = the patient
 * share (net − insurance share) of their S2-S4 procedures, `paid` = the unreversed allocations on those procedures,
 * `credit` = the unapplied part of their unreversed LT2 payments. Not a balance anyone writes: triggers on
 * patient_procedures, patient_payments, payment_allocations and payment_reversals (migration 0024, hand-written part)
 * add each entry's change in the same transaction as the entry, and a test recomputes it from the entries after random
 * writes and 50 concurrent payments. It serves /PatientsPaymentsList's first pages only; every other figure is summed
 * from the entries as before.
 */
export const patientBalances = pgTable(
  'patient_balances',
  {
    clinicId: clinicId(),
    patientId: ref('patient_id').notNull(),
    share: money('share').notNull().default('0'),
    paid: money('paid').notNull().default('0'),
    credit: money('credit').notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.clinicId, t.patientId] }), patientFk(t)],
);

/**
 * What each patient owes per branch and doctor, summed from the entries (docs/payments.md "the balances summary"):
 * the same `share` and `paid` as `patient_balances` but over the patient's S2-S4 procedures of one branch and one
 * doctor, and `oldest_at`, the earliest charge moment (completed, else added) of those not wholly paid (null: none).
 * Four rows per patient and pair: (branch, doctor), (branch, 0), (0, doctor), (0, 0), 0 meaning "every": so each
 * filter of /PatientsPaymentsList (branch, doctor, both, neither; the debt's age) reads its rows directly. Kept by
 * triggers on patient_procedures, payment_allocations and payment_reversals (hand-written part of the migration) in
 * the entry's transaction; `balancePartsDrift` recomputes it from the entries (patient-balances.int.test.ts).
 */
export const patientBalanceParts = pgTable(
  'patient_balance_parts',
  {
    clinicId: clinicId(),
    patientId: ref('patient_id').notNull(),
    /** 0 = every branch. */
    branchId: ref('branch_id').notNull(),
    /** 0 = every doctor. */
    doctorId: ref('doctor_id').notNull(),
    share: money('share').notNull().default('0'),
    paid: money('paid').notNull().default('0'),
    oldestAt: timestamp('oldest_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.patientId, t.branchId, t.doctorId] }),
    patientFk(t),
    // the owing rows of one key: what the list reads (a patient who paid everything leaves it)
    index('patient_balance_parts_owing_idx').on(t.clinicId, t.branchId, t.doctorId).where(sql`${t.share} > ${t.paid}`),
  ],
);
