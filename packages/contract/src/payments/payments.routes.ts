import { type CallAccess, defineCall } from '../common/call.js';
import { idInput, okOutput, savedOutput } from '../common/schemas.js';
import type { PermissionKey } from '../permissions.js';
import {
  applyPatientCreditInput,
  applyPatientCreditOutput,
  deleteProcedurePaymentInput,
  deleteRecurrencePaymentInput,
  patientMoneyInput,
  patientLedgerOutput,
  patientMoneyHistoryInput,
  patientMoneyHistoryOutput,
  patientPaymentReportInput,
  patientPaymentReportOutput,
  patientProcedurePrintingOutput,
  paymentPlansOutput,
  procedurePaymentListInput,
  procedurePaymentListOutput,
  procedurePaymentOutput,
  saveProcedurePaymentInput,
  saveProcedurePaymentOutput,
  saveRecurrencePaymentInput,
} from './payments.schemas.js';

type ClinicAccess = Extract<CallAccess, { permissions: readonly PermissionKey[] }>;

/**
 * Who reaches a patient's money (docs/payments.md "Access"). Reading (payments, balance, ledger, plans, statement):
 * `patient_procedures` (the doctor RL3, the assistant RL5) or `patient_remaining_payments` (the secretary RL4, the
 * accountant RL6). Taking, reversing and applying money and plans: `patient_edit` (the desk: RL4, and RL3 in a small
 * clinic) or `financial_add` (the accountant RL6). The money history: `patient_delete` (the key of who may remove a
 * patient's record, held by default by the owner and the manager) and, in the service, the owner (RL1) only.
 */
const read: ClinicAccess = { permissions: ['patient_procedures', 'patient_remaining_payments'], tier: 'ST0' };
const write: ClinicAccess = { permissions: ['patient_edit', 'financial_add'], tier: 'ST0' };

/**
 * Payments and balances (PatientProcedure, Patient and Reports controllers). The balance summary is answered by
 * Patient/GetPPW (patients' calls: the patient file's header carries `balance`).
 */
export const paymentsCalls = {
  saveProcedurePayment: defineCall({
    controller: 'PatientProcedure',
    action: 'SaveProcedurePayment',
    method: 'POST',
    access: write,
    input: saveProcedurePaymentInput,
    output: saveProcedurePaymentOutput,
    summary:
      'Take a payment: LT1 against one or several selected procedures (split in order, each up to its remaining) or LT2 on account (credit); a receipt number',
  }),
  applyPatientCredit: defineCall({
    controller: 'PatientProcedure',
    action: 'ApplyPatientCredit',
    method: 'POST',
    access: write,
    input: applyPatientCreditInput,
    output: applyPatientCreditOutput,
    summary: "Project call: apply the patient's LT2 credit (oldest payment first) to procedures, in order, each up to its remaining",
  }),
  deleteProcedurePayment: defineCall({
    controller: 'PatientProcedure',
    action: 'DeleteProcedurePayment',
    method: 'DELETE',
    access: write,
    input: deleteProcedurePaymentInput,
    output: okOutput,
    summary: 'Reverse a payment (with a reason; never erased): its allocations, and any credit of it applied, stop counting',
  }),
  getProcedurePaymentList: defineCall({
    controller: 'PatientProcedure',
    action: 'GetProcedurePaymentList',
    method: 'GET',
    access: read,
    input: procedurePaymentListInput,
    output: procedurePaymentListOutput,
    summary: "A patient's payments (or those on one procedure), newest first, with allocations and reversals",
  }),
  getProcedurePayment: defineCall({
    controller: 'PatientProcedure',
    action: 'GetProcedurePayment',
    method: 'GET',
    access: read,
    input: idInput,
    output: procedurePaymentOutput,
    summary: 'Project call: one payment for its receipt (receipt number, allocations with procedure names, who took it, payment type)',
  }),
  getPatientLedger: defineCall({
    controller: 'PatientProcedure',
    action: 'GetPatientLedger',
    method: 'GET',
    access: read,
    input: patientMoneyInput,
    output: patientLedgerOutput,
    summary: "Project call: the patient ledger — every charge, payment, reversal and credit applied in date order with a running balance",
  }),
  getPatientProcedurePrinting: defineCall({
    controller: 'PatientProcedure',
    action: 'GetPatientProcedurePrinting',
    method: 'GET',
    access: read,
    input: patientMoneyInput,
    output: patientProcedurePrintingOutput,
    summary: "The data of a patient's procedures statement: each procedure's price, discount, insurance share, paid, remaining; the balance",
  }),
  saveRecurrencePayment: defineCall({
    controller: 'PatientProcedure',
    action: 'SaveRecurrencePayment',
    method: 'POST',
    access: write,
    input: saveRecurrencePaymentInput,
    output: savedOutput,
    summary: 'Save an instalment plan: a total and its instalments (due days and amounts adding up to the total)',
  }),
  deleteRecurrencePayment: defineCall({
    controller: 'PatientProcedure',
    action: 'DeleteRecurrencePayment',
    method: 'DELETE',
    access: write,
    input: deleteRecurrencePaymentInput,
    output: okOutput,
    summary: 'Project call: delete an instalment plan (a schedule, not money)',
  }),
  getPaymentPlans: defineCall({
    controller: 'PatientProcedure',
    action: 'GetPaymentPlans',
    method: 'GET',
    access: read,
    input: patientMoneyInput,
    output: paymentPlansOutput,
    summary: "Project call: a patient's instalment plans with what is paid, remaining and overdue per instalment",
  }),
  getPatientMoneyHistory: defineCall({
    controller: 'Patient',
    action: 'GetPatientMoneyHistory',
    method: 'GET',
    access: { permissions: ['patient_delete'], tier: 'ST0' },
    input: patientMoneyHistoryInput,
    output: patientMoneyHistoryOutput,
    summary: "Project call: the patient's money history (every change to their money, before and after), owner only",
  }),
  getPatientPaymentReport: defineCall({
    controller: 'Reports',
    action: 'GetPatientPaymentReport',
    method: 'GET',
    access: { permissions: ['patient_remaining_payments'], tier: 'ST0' },
    input: patientPaymentReportInput,
    output: patientPaymentReportOutput,
    summary: 'Patients with remaining amounts: filter by branch, doctor, search, minimum, debt age; sort, page, totals',
  }),
};
