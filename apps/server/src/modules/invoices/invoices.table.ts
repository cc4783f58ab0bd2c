import { sql } from 'drizzle-orm';
import {
  check, foreignKey, index, integer, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid,
} from 'drizzle-orm/pg-core';
import { branches, users } from '../../platform/auth/identity.table.js';
import { clinicId, identityId, money, ref } from '../../platform/db/columns.js';
import { patientProcedures } from '../patient-procedures/patient-procedures.table.js';
import { patientPayments } from '../payments/payments.table.js';
import { patientFk } from '../patients/patients.table.js';

/**
 * An issued invoice or credit note: an immutable document (a trigger refuses updates and deletes, except the patient
 * id moving when patients are merged). `number` comes from the clinic's counter of its kind ('invoice' or
 * 'credit_note'): sequential, never reused, never skipped. The seller's and buyer's details and the totals are copied
 * at issue, so a later change of the clinic or the patient never changes a printed document. A credit note names the
 * invoice it corrects (one credit note per invoice, for its full amount). `uuid` and the totals are what the ZATCA
 * simplified invoice QR (and a later phase-2 integration) needs.
 */
export const invoices = pgTable(
  'invoices',
  {
    clinicId: clinicId(),
    id: identityId(),
    uuid: uuid('uuid').notNull().defaultRandom(),
    kind: text('kind').notNull(),
    number: integer('number').notNull(),
    creditedInvoiceId: ref('credited_invoice_id'),
    patientId: ref('patient_id').notNull(),
    branchId: ref('branch_id').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    issuedBy: ref('issued_by').notNull(),
    currency: text('currency').notNull(),
    /** The document's language when issued (ar, en, fr): its totals in words are written in it. */
    language: text('language').notNull(),
    sellerName: text('seller_name').notNull(),
    sellerVatNo: text('seller_vat_no'),
    sellerCrNo: text('seller_cr_no'),
    /**
     * The seller's address and phone as printed, copied at issue ('' when the clinic had none). Null only on the
     * documents issued before these columns (migration 0014): GetInvoice then reads the clinic's and branch's current
     * ones (docs/invoices.md).
     */
    sellerBranchAddress: text('seller_branch_address'),
    sellerPhone: text('seller_phone'),
    buyerName: text('buyer_name').notNull(),
    /** The patient's national id when the invoice relies on it (a Saudi citizen's VAT-free healthcare). */
    buyerNationalId: text('buyer_national_id'),
    subtotal: money('subtotal').notNull(),
    vatTotal: money('vat_total').notNull(),
    total: money('total').notNull(),
    /** Why a credit note was issued. */
    reason: text('reason'),
    notes: text('notes'),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.id] }),
    patientFk(t),
    foreignKey({ columns: [t.clinicId, t.branchId], foreignColumns: [branches.clinicId, branches.id] }),
    foreignKey({ columns: [t.clinicId, t.issuedBy], foreignColumns: [users.clinicId, users.id] }),
    foreignKey({ columns: [t.clinicId, t.creditedInvoiceId], foreignColumns: [t.clinicId, t.id] }),
    uniqueIndex('invoices_number_uq').on(t.clinicId, t.kind, t.number),
    uniqueIndex('invoices_uuid_uq').on(t.clinicId, t.uuid),
    uniqueIndex('invoices_credited_uq').on(t.clinicId, t.creditedInvoiceId),
    index('invoices_patient_idx').on(t.clinicId, t.patientId, t.issuedAt),
    index('invoices_issued_idx').on(t.clinicId, t.issuedAt),
    check('invoices_kind_ck', sql`${t.kind} in ('invoice', 'credit_note')`),
    check('invoices_credit_ck', sql`(${t.kind} = 'credit_note') = (${t.creditedInvoiceId} is not null)`),
    check('invoices_totals_ck', sql`${t.total} = ${t.subtotal} + ${t.vatTotal}`),
  ],
);

/**
 * A line of an invoice: a patient procedure (or a payment on account), its amounts and its VAT, computed per line
 * and rounded half away from zero to the currency's decimals (MONEY.md); the rate is kept on the line. `payer` says
 * who the line bills (the patient, or the insurer for the share its policy covers); `vatExemption` why a line carries
 * no VAT (e.g. 'saudi_citizen'). Amounts of a credit note's lines are the corrected invoice's, not negated.
 */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    clinicId: clinicId(),
    id: identityId(),
    invoiceId: ref('invoice_id').notNull(),
    lineNo: integer('line_no').notNull(),
    patientProcedureId: ref('patient_procedure_id'),
    paymentId: ref('payment_id'),
    /** The line's text as printed (procedure name in the document's language, teeth). */
    description: text('description').notNull(),
    payer: text('payer').notNull().default('patient'),
    unitPrice: money('unit_price').notNull(),
    discount: money('discount').notNull().default('0'),
    taxable: money('taxable').notNull(),
    vatRate: numeric('vat_rate', { precision: 5, scale: 2 }).notNull(),
    vatAmount: money('vat_amount').notNull(),
    total: money('total').notNull(),
    vatExemption: text('vat_exemption'),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.id] }),
    foreignKey({ columns: [t.clinicId, t.invoiceId], foreignColumns: [invoices.clinicId, invoices.id] }),
    foreignKey({
      columns: [t.clinicId, t.patientProcedureId],
      foreignColumns: [patientProcedures.clinicId, patientProcedures.id],
    }),
    foreignKey({ columns: [t.clinicId, t.paymentId], foreignColumns: [patientPayments.clinicId, patientPayments.id] }),
    uniqueIndex('invoice_lines_no_uq').on(t.clinicId, t.invoiceId, t.lineNo),
    index('invoice_lines_procedure_idx').on(t.clinicId, t.patientProcedureId),
    check('invoice_lines_payer_ck', sql`${t.payer} in ('patient', 'insurer')`),
    check('invoice_lines_amounts_ck', sql`${t.taxable} = ${t.unitPrice} - ${t.discount} and ${t.total} = ${t.taxable} + ${t.vatAmount}`),
  ],
);
