import { z } from 'zod';
import { moneyAmount } from '../common/money.js';
import { SORT_ORDERS, calendarDate, id, optionalId, optionalText, requiredText } from '../common/schemas.js';
import { LEDGER_TYPES, LIMITS, PROCEDURE_STATUSES } from '../enums.js';

/*
 * Payments, balances, the patient ledger, instalment plans and the money history (issue 15; docs/payments.md).
 * Amounts travel as decimal text: a user's amount is `moneyAmount` (checked against the clinic currency's decimals
 * on the server), every answer's amount is text with the currency's decimals ("150.00", LYD "12.500") printed by
 * PostgreSQL. Ledger types (spec §4): LT1 paid against procedures, LT2 paid on the patient's open account (credit).
 */


const moneyText = z.string();
/** Procedures to pay, in the order the amount is split over them (each up to its remaining), each once. */
const procedureIds = z
  .array(id, { error: 'select_procedures_to_pay' })
  .max(200, 'field_invalid')
  .refine((ids) => new Set(ids).size === ids.length, 'field_invalid');

/**
 * PatientProcedure/SaveProcedurePayment. LT1: `procedureIds` (one or several, "pay all selected") — the amount is
 * split over them in the given order, each up to its remaining; more than their total remaining is 400
 * max_amount_exceeded (the answer's `data.maximum` is the most payable). LT2: on account (no procedures). Amount at
 * least 1 (payment_minimum) with the currency's decimals; `paidOn` a clinic day, not in the future (default today in
 * the clinic's zone); `branchId` one of the user's branches; `receivedBy` a user of the clinic (default the caller).
 */
export const saveProcedurePaymentInput = z
  .object({
    patientId: id,
    ledgerType: z.enum(LEDGER_TYPES, { error: (i) => (i.input === undefined ? 'field_required' : 'field_invalid') }),
    procedureIds: procedureIds.optional(),
    amount: moneyAmount,
    paymentTypeId: id,
    branchId: id,
    paidOn: calendarDate.optional(),
    receivedBy: optionalId,
    notes: optionalText(1000),
  })
  .superRefine((v, ctx) => {
    if (v.ledgerType === 'LT1' && !v.procedureIds?.length) {
      ctx.addIssue({ code: 'custom', path: ['procedureIds'], message: 'select_procedures_to_pay' });
    }
    if (v.ledgerType === 'LT2' && v.procedureIds?.length) {
      ctx.addIssue({ code: 'custom', path: ['procedureIds'], message: 'field_invalid' });
    }
  });
/** One part of a payment (or of applied credit) on a procedure. */
export const allocationOutput = z.object({ patientProcedureId: z.number(), amount: moneyText });
export const saveProcedurePaymentOutput = z.object({
  id: z.number(),
  receiptNo: z.number(),
  allocations: z.array(allocationOutput),
});

/**
 * PatientProcedure/ApplyPatientCredit (project call): applies `amount` of the patient's credit (the unapplied part of
 * their unreversed LT2 payments, oldest first) to procedures in the given order, each up to its remaining. More than
 * the credit: 400 credit_balance_insufficient; more than the procedures' remaining: 400 max_amount_exceeded.
 */
export const applyPatientCreditInput = z.object({
  patientId: id,
  procedureIds: procedureIds.min(1, 'select_procedures_to_pay'),
  amount: moneyAmount,
});
export const applyPatientCreditOutput = z.object({
  allocations: z.array(allocationOutput.extend({ paymentId: z.number() })),
});

/**
 * PatientProcedure/DeleteProcedurePayment: reverses the payment (never erases it): a reason is required; who and when
 * are recorded. Its allocations stop counting — for an LT2 payment also the credit it gave that was applied to
 * procedures, which become unpaid again by that much. Twice: 409 payment_already_reversed.
 */
export const deleteProcedurePaymentInput = z.object({ id, reason: requiredText(500) });

/** An allocation as reads show it, with the procedure's names. */
export const paymentAllocationItem = z.object({
  id: z.number(),
  patientProcedureId: z.number(),
  procedureNameAr: z.string(),
  procedureNameEn: z.string(),
  /** The French name, else the English one. */
  procedureNameFr: z.string(),
  teeth: z.array(z.number()),
  amount: moneyText,
  /** The day it was made (an LT2 credit applied later has its own day). */
  createdAt: z.string(),
});

/** One payment as reads show it. */
export const paymentItem = z.object({
  id: z.number(),
  receiptNo: z.number(),
  patientId: z.number(),
  ledgerType: z.enum(LEDGER_TYPES),
  amount: moneyText,
  /** What its allocations apply (LT1: all of it; LT2: the credit used so far). */
  applied: moneyText,
  /** LT2: the credit still unapplied ("0.00" for LT1 and for a reversed payment). */
  unapplied: moneyText,
  paidOn: z.string(),
  paymentTypeId: z.number(),
  paymentTypeNameAr: z.string(),
  paymentTypeNameEn: z.string(),
  paymentTypeNameFr: z.string(),
  branchId: z.number(),
  branchName: z.string(),
  receivedById: z.number(),
  receivedByName: z.string(),
  createdById: z.number(),
  createdByName: z.string(),
  notes: z.string().nullable(),
  createdAt: z.string(),
  /** Null unless reversed ("deleted"). */
  reversal: z
    .object({ reason: z.string(), createdAt: z.string(), createdById: z.number(), createdByName: z.string() })
    .nullable(),
  allocations: z.array(paymentAllocationItem),
});

/**
 * PatientProcedure/GetProcedurePaymentList: a patient's payments, newest first (reversed ones included, marked), or
 * only those with a part on one procedure (`patientProcedureId`).
 */
export const procedurePaymentListInput = z.object({
  patientId: id,
  patientProcedureId: optionalId,
});
export const procedurePaymentListOutput = z.object({ items: z.array(paymentItem) });

/** PatientProcedure/GetProcedurePayment (project call): one payment, for its receipt. */
export const procedurePaymentOutput = paymentItem.extend({
  patientName: z.string(),
  patientCode: z.string(),
  currency: z.string(),
});

/**
 * A patient's balance (Patient/GetPPW's `balance`: the patient file's header, "patient payments widget"). Charges are the patient's share of procedures
 * started or done (S2, S3, S4): price − discount − insurance share. Planned procedures (S1) are not owed yet but may
 * be paid in advance; cancelled ones (S5) charge nothing. Figures:
 * - charged, discounts, insuranceShare, patientShare (= charged − discounts − insuranceShare): over S2-S4;
 * - paid: the unreversed allocations on S2-S4 procedures; remaining = patientShare − paid (what the patient owes);
 * - planned / plannedPaid / plannedRemaining: the same for S1 procedures (paid in advance);
 * - credit: the unapplied part of unreversed LT2 payments (money on account);
 * - balance = credit + plannedPaid − remaining: negative when the patient owes, positive when the clinic holds their
 *   money. A patient with any remaining, credit or advance cannot be deleted (patient_negative_balance).
 */
export const balanceSummary = z.object({
  currency: z.string(),
  charged: moneyText,
  discounts: moneyText,
  insuranceShare: moneyText,
  patientShare: moneyText,
  paid: moneyText,
  remaining: moneyText,
  planned: moneyText,
  plannedPaid: moneyText,
  plannedRemaining: moneyText,
  credit: moneyText,
  balance: moneyText,
});
export const patientMoneyInput = z.object({ patientId: id });

/** One line of the patient ledger. */
export const LEDGER_ENTRY_KINDS = ['charge', 'payment', 'reversal', 'credit_applied'] as const;
export const ledgerEntry = z.object({
  kind: z.enum(LEDGER_ENTRY_KINDS),
  /** The clinic day it is booked on. */
  date: z.string(),
  /** charge and credit_applied: the procedure; payment and reversal: null (their allocations are in the payment list). */
  patientProcedureId: z.number().nullable(),
  procedureNameAr: z.string().nullable(),
  procedureNameEn: z.string().nullable(),
  procedureNameFr: z.string().nullable(),
  /** payment, reversal, credit_applied: the payment. */
  paymentId: z.number().nullable(),
  receiptNo: z.number().nullable(),
  ledgerType: z.enum(LEDGER_TYPES).nullable(),
  /** A charge and a reversal debit (the patient owes more), a payment credits; credit_applied moves neither (0). */
  debit: moneyText,
  credit: moneyText,
  /** What the patient owes after this line (negative: the clinic holds their money). */
  runningBalance: moneyText,
  notes: z.string().nullable(),
});
/**
 * PatientProcedure/GetPatientLedger (project call): every charge (the patient share of each S2-S4 procedure, on the
 * clinic day it was completed, else added), payment (LT1 and LT2 alike), reversal (on the day it was made) and credit
 * applied, in date order with a running balance of what the patient owes; the last running balance is −
 * summary.balance (negative: the clinic holds the patient's money, as credit or paid in advance).
 */
export const patientLedgerOutput = z.object({ items: z.array(ledgerEntry), summary: balanceSummary });

/** One procedure of the statement. */
export const statementProcedure = z.object({
  id: z.number(),
  procedureNameAr: z.string(),
  procedureNameEn: z.string(),
  procedureNameFr: z.string(),
  procedureCode: z.string().nullable(),
  teeth: z.array(z.object({ tooth: z.number(), surfaces: z.array(z.string()) })),
  status: z.enum(PROCEDURE_STATUSES),
  doctorName: z.string(),
  /** The clinic day it was completed, else added. */
  date: z.string(),
  price: moneyText,
  discount: moneyText,
  net: moneyText,
  insuranceShare: moneyText,
  patientShare: moneyText,
  paid: moneyText,
  remaining: moneyText,
});
/**
 * PatientProcedure/GetPatientProcedurePrinting: the data of a patient's procedures statement (not cancelled ones),
 * oldest first, with the balance summary. The print layout is the print module's.
 */
export const patientProcedurePrintingOutput = z.object({
  patient: z.object({ id: z.number(), name: z.string(), code: z.string(), mobile: z.string().nullable() }),
  items: z.array(statementProcedure),
  summary: balanceSummary,
});

/** One instalment (a due amount on a day). */
export const instalmentInput = z.object({ dueOn: calendarDate, amount: moneyAmount });
/**
 * PatientProcedure/SaveRecurrencePayment: an instalment plan. `instalments` (1-120, due days strictly increasing)
 * must add up to `total` (400 instalments_total_mismatch); the web form may generate them from a count, a first day
 * and an interval. With `id` the plan is replaced whole. A plan is a schedule, not money.
 */
export const saveRecurrencePaymentInput = z.object({
  id: optionalId,
  patientId: id,
  branchId: id,
  total: moneyAmount,
  instalments: z.array(instalmentInput, { error: 'field_required' }).min(1, 'field_required').max(120, 'field_invalid'),
  notes: optionalText(1000),
});
export const INSTALMENT_STATES = ['paid', 'partly_paid', 'due', 'overdue'] as const;
export const instalmentItem = z.object({
  id: z.number(),
  dueOn: z.string(),
  amount: moneyText,
  /** What the patient's payments since the plan's start cover of it, instalments in due order (first paid first). */
  paid: moneyText,
  remaining: moneyText,
  /** overdue: due before today with something remaining; due: today or later. */
  state: z.enum(INSTALMENT_STATES),
});
export const paymentPlanItem = z.object({
  id: z.number(),
  patientId: z.number(),
  branchId: z.number(),
  branchName: z.string(),
  total: moneyText,
  startsOn: z.string(),
  notes: z.string().nullable(),
  /** The patient's unreversed payments (LT1 and LT2) paid on or after startsOn, up to the total. */
  paid: moneyText,
  remaining: moneyText,
  overdue: moneyText,
  createdAt: z.string(),
  instalments: z.array(instalmentItem),
});
/** PatientProcedure/GetPaymentPlans (project call): a patient's instalment plans, newest first, with derived state. */
export const paymentPlansOutput = z.object({ items: z.array(paymentPlanItem) });
/** PatientProcedure/DeleteRecurrencePayment (project call): removes a plan (a schedule, not money; audited). */
export const deleteRecurrencePaymentInput = z.object({ id });

export const PATIENT_PAYMENT_SORT_FIELDS = ['remaining', 'oldestUnpaidOn', 'patientName'] as const;
/**
 * Reports/GetPatientPaymentReport (/PatientsPaymentsList): patients who owe (remaining > 0) in the user's branches.
 * `branchId`: patients of that branch; `doctorId`: patients with an unpaid procedure of that doctor (remaining of
 * that doctor's procedures only); `search` name, code or mobile; `minRemaining`; `debtAgeDays`: the oldest unpaid
 * charge is at least that many days old. Sorted by remaining (default, descending), oldest unpaid charge or name.
 */
export const patientPaymentReportInput = z.object({
  branchId: optionalId,
  doctorId: optionalId,
  search: z.string().trim().max(100, 'field_too_long').optional(),
  minRemaining: moneyAmount.optional(),
  debtAgeDays: z.coerce.number({ error: 'field_invalid' }).int('field_invalid').min(0, 'field_invalid').max(36500, 'field_invalid').optional(),
  sortField: z.enum(PATIENT_PAYMENT_SORT_FIELDS, { error: 'field_invalid' }).optional(),
  sortOrder: z.enum(SORT_ORDERS, { error: 'field_invalid' }).optional(),
  page: z.coerce.number().int('field_invalid').min(1, 'field_invalid').max(100000, 'field_invalid').default(1),
  pageSize: z.coerce.number().int('field_invalid').min(1, 'field_invalid').max(200, 'field_invalid').default(LIMITS.pageSize),
});
export const patientPaymentReportItem = z.object({
  patientId: z.number(),
  patientName: z.string(),
  patientCode: z.string(),
  mobile: z.string().nullable(),
  patientShare: moneyText,
  paid: moneyText,
  remaining: moneyText,
  credit: moneyText,
  /** The clinic day of the oldest procedure still unpaid. */
  oldestUnpaidOn: z.string(),
  lastPaidOn: z.string().nullable(),
});
export const patientPaymentReportOutput = z.object({
  items: z.array(patientPaymentReportItem),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** Over every patient that matches the filter. */
  totals: z.object({ patientShare: moneyText, paid: moneyText, remaining: moneyText, credit: moneyText }),
});

/** One row of a patient's money history (money_audit). */
export const moneyHistoryItem = z.object({
  id: z.number(),
  entity: z.string(),
  entityId: z.number(),
  action: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  userId: z.number(),
  userName: z.string(),
  createdAt: z.string(),
});
/** Patient/GetPatientMoneyHistory (project call): newest first, paged. */
export const patientMoneyHistoryInput = z.object({
  patientId: id,
  page: z.coerce.number().int('field_invalid').min(1, 'field_invalid').max(100000, 'field_invalid').default(1),
  pageSize: z.coerce.number().int('field_invalid').min(1, 'field_invalid').max(200, 'field_invalid').default(LIMITS.pageSize),
});
export const patientMoneyHistoryOutput = z.object({
  items: z.array(moneyHistoryItem),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});

export type SaveProcedurePaymentInput = z.output<typeof saveProcedurePaymentInput>;
export type SaveProcedurePaymentOutput = z.infer<typeof saveProcedurePaymentOutput>;
export type ApplyPatientCreditInput = z.output<typeof applyPatientCreditInput>;
export type ApplyPatientCreditOutput = z.infer<typeof applyPatientCreditOutput>;
export type DeleteProcedurePaymentInput = z.output<typeof deleteProcedurePaymentInput>;
export type PaymentItem = z.infer<typeof paymentItem>;
export type ProcedurePaymentListInput = z.output<typeof procedurePaymentListInput>;
export type ProcedurePaymentListOutput = z.infer<typeof procedurePaymentListOutput>;
export type ProcedurePaymentOutput = z.infer<typeof procedurePaymentOutput>;
export type BalanceSummary = z.infer<typeof balanceSummary>;
export type LedgerEntry = z.infer<typeof ledgerEntry>;
export type PatientLedgerOutput = z.infer<typeof patientLedgerOutput>;
export type StatementProcedure = z.infer<typeof statementProcedure>;
export type PatientProcedurePrintingOutput = z.infer<typeof patientProcedurePrintingOutput>;
export type SaveRecurrencePaymentInput = z.output<typeof saveRecurrencePaymentInput>;
export type PaymentPlanItem = z.infer<typeof paymentPlanItem>;
export type PaymentPlansOutput = z.infer<typeof paymentPlansOutput>;
export type PatientPaymentReportInput = z.output<typeof patientPaymentReportInput>;
export type PatientPaymentReportItem = z.infer<typeof patientPaymentReportItem>;
export type PatientPaymentReportOutput = z.infer<typeof patientPaymentReportOutput>;
export type MoneyHistoryItem = z.infer<typeof moneyHistoryItem>;
export type PatientMoneyHistoryInput = z.output<typeof patientMoneyHistoryInput>;
export type PatientMoneyHistoryOutput = z.infer<typeof patientMoneyHistoryOutput>;
