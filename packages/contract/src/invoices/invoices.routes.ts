import { type CallAccess, defineCall } from '../common/call.js';
import { idInput } from '../common/schemas.js';
import type { PermissionKey } from '../permissions.js';
import {
  invoiceDocument,
  invoiceableProceduresInput,
  invoiceableProceduresOutput,
  invoicesListInput,
  invoicesListOutput,
  issueCreditNoteInput,
  issueInvoiceInput,
  issueInvoiceOutput,
  patientInvoicesInput,
  patientInvoicesOutput,
} from './invoices.schemas.js';

type ClinicAccess = Extract<CallAccess, { permissions: readonly PermissionKey[] }>;

/**
 * Who reaches invoices (docs/invoices.md "Access"): the patient's money is `patient_remaining_payments` (the
 * secretary RL4 and the accountant RL6 have it); reading a patient's invoices is also open to `patient_procedures`
 * (the clinical key: a doctor reads the invoices of the patient). The /Invoice/:PID? page, its list of invoiceable
 * procedures and issuing an invoice or a credit note need `patient_remaining_payments`.
 * Billing is ST0; no route rule (the /Invoice page's rule is Anonymous).
 */
const read: ClinicAccess = { permissions: ['patient_remaining_payments', 'patient_procedures'], tier: 'ST0' };
const money: ClinicAccess = { permissions: ['patient_remaining_payments'], tier: 'ST0' };

/**
 * Invoices and credit notes (Invoice controller): project calls, not named in the spec's call list (spec §7 has
 * only the /Invoice/:PID? page).
 */
export const invoiceCalls = {
  issueInvoice: defineCall({
    controller: 'Invoice',
    action: 'IssueInvoice',
    method: 'POST',
    access: money,
    input: issueInvoiceInput,
    output: issueInvoiceOutput,
    status: 201,
    summary:
      "Issue an invoice for a patient's chosen procedures (project call): the next number, seller and buyer copied, VAT per line, ZATCA QR for Saudi clinics",
  }),
  getInvoice: defineCall({
    controller: 'Invoice',
    action: 'GetInvoice',
    method: 'GET',
    access: read,
    input: idInput,
    output: invoiceDocument,
    summary: 'One invoice or credit note as printed (project call): seller, buyer, lines, totals, totals in words, QR',
  }),
  getPatientInvoices: defineCall({
    controller: 'Invoice',
    action: 'GetPatientInvoices',
    method: 'GET',
    access: read,
    input: patientInvoicesInput,
    output: patientInvoicesOutput,
    summary: "A patient's invoices and credit notes, newest first (project call)",
  }),
  getInvoiceableProcedures: defineCall({
    controller: 'Invoice',
    action: 'GetInvoiceableProcedures',
    method: 'GET',
    access: money,
    input: invoiceableProceduresInput,
    output: invoiceableProceduresOutput,
    summary:
      "A patient's procedures an invoice may bill (project call): branch, the patient's share, the live invoice each is on",
  }),
  getInvoicesList: defineCall({
    controller: 'Invoice',
    action: 'GetInvoicesList',
    method: 'GET',
    access: money,
    input: invoicesListInput,
    output: invoicesListOutput,
    summary:
      "The clinic's invoices and credit notes in the user's branches (project call): dates, branch, kind, search; sort, page, totals",
  }),
  issueCreditNote: defineCall({
    controller: 'Invoice',
    action: 'IssueCreditNote',
    method: 'POST',
    access: money,
    input: issueCreditNoteInput,
    output: issueInvoiceOutput,
    status: 201,
    summary: 'Correct an invoice with a credit note for its full amount, once (project call); its procedures can be invoiced again',
  }),
};
