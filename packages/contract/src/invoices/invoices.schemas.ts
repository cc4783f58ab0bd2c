import { z } from 'zod';
import { LANGUAGES } from '../enums.js';
import { statementProcedure } from '../payments/payments.schemas.js';
import { calendarDate, id, optionalId, optionalText, requiredText, SORT_ORDERS } from '../common/schemas.js';

/** An invoice, or a credit note that corrects one (docs/invoices.md). */
export const INVOICE_KINDS = ['invoice', 'credit_note'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];
/** Who a line bills: the patient's own share (the patient's invoice bills only this), or the insurer's. */
export const INVOICE_PAYERS = ['patient', 'insurer'] as const;
/** Why a line carries no VAT: a Saudi citizen's private healthcare (the state bears it). */
export const VAT_EXEMPTIONS = ['saudi_citizen'] as const;

/** At most this many procedures on one invoice. */
export const INVOICE_MAX_LINES = 200;

/**
 * Invoice/IssueInvoice: bills the chosen procedures of a patient in one branch. Every procedure belongs to the
 * patient and the branch, is not cancelled and is on no live invoice (one credited frees it). `language` is the
 * document's (its lines and totals in words); absent: the request's language.
 */
export const issueInvoiceInput = z.object({
  patientId: id,
  branchId: id,
  patientProcedureIds: z
    .array(id, { error: 'field_required' })
    .min(1, 'field_required')
    .max(INVOICE_MAX_LINES, 'field_invalid')
    .refine((ids) => new Set(ids).size === ids.length, 'field_invalid'),
  language: z.enum(LANGUAGES, { error: 'field_invalid' }).optional(),
  notes: optionalText(500),
});
export type IssueInvoiceInput = z.output<typeof issueInvoiceInput>;
export const issueInvoiceOutput = z.object({ id: z.number(), number: z.number(), uuid: z.string() });

/** Invoice/IssueCreditNote: corrects a whole invoice, once; the reason is printed on the credit note. */
export const issueCreditNoteInput = z.object({ invoiceId: id, reason: requiredText(500) });
export type IssueCreditNoteInput = z.output<typeof issueCreditNoteInput>;

/** Amounts are decimal text with the currency's decimals ("115.00", "12.500"); rates "15.00". */
export const invoiceLine = z.object({
  lineNo: z.number(),
  patientProcedureId: z.number().nullable(),
  description: z.string(),
  payer: z.enum(INVOICE_PAYERS),
  unitPrice: z.string(),
  discount: z.string(),
  taxable: z.string(),
  vatRate: z.string(),
  vatAmount: z.string(),
  total: z.string(),
  vatExemption: z.enum(VAT_EXEMPTIONS).nullable(),
});
export type InvoiceLine = z.infer<typeof invoiceLine>;

/** A short reference to another document (the credit note of an invoice, the invoice of a credit note). */
export const invoiceRef = z.object({
  id: z.number(),
  number: z.number(),
  issuedAt: z.string(),
  total: z.string(),
  reason: z.string().nullable(),
});

/** Invoice/GetInvoice: the whole document as printed. */
export const invoiceDocument = z.object({
  id: z.number(),
  uuid: z.string(),
  kind: z.enum(INVOICE_KINDS),
  number: z.number(),
  issuedAt: z.string(),
  issuedByName: z.string(),
  patientId: z.number(),
  patientCode: z.string().nullable(),
  branchId: z.number(),
  currency: z.string(),
  /** The currency's decimals (2, or 3 for LYD). */
  decimals: z.number(),
  language: z.enum(LANGUAGES),
  seller: z.object({
    name: z.string(),
    vatNo: z.string().nullable(),
    crNo: z.string().nullable(),
    branchName: z.string(),
    /**
     * The seller's address and phone copied at issue (the clinic's address and city, the branch's mobile or else the
     * clinic's); a document issued before the copy existed shows the current ones (docs/invoices.md).
     */
    branchAddress: z.string().nullable(),
    branchPhone: z.string().nullable(),
  }),
  buyer: z.object({ name: z.string(), nationalId: z.string().nullable() }),
  lines: z.array(invoiceLine),
  subtotal: z.string(),
  vatTotal: z.string(),
  total: z.string(),
  /** The total in words, in the document's language, with the currency's names ("one hundred fifteen Saudi riyals and fifty halalas"). */
  totalInWords: z.string(),
  /** The ZATCA phase-1 QR text (base64 TLV) for a Saudi (CN2) clinic's documents; null elsewhere. */
  qr: z.string().nullable(),
  notes: z.string().nullable(),
  /** A credit note's reason. */
  reason: z.string().nullable(),
  /** An invoice's credit note, if it was credited. */
  creditNote: invoiceRef.nullable(),
  /** A credit note's invoice. */
  creditedInvoice: invoiceRef.nullable(),
});
export type InvoiceDocument = z.infer<typeof invoiceDocument>;

/** One row of a list of invoices and credit notes. */
export const invoiceListItem = z.object({
  id: z.number(),
  kind: z.enum(INVOICE_KINDS),
  number: z.number(),
  issuedAt: z.string(),
  patientId: z.number(),
  patientName: z.string(),
  branchId: z.number(),
  branchName: z.string(),
  subtotal: z.string(),
  vatTotal: z.string(),
  total: z.string(),
  /** An invoice: whether a credit note corrects it. A credit note: false. */
  credited: z.boolean(),
  /** A credit note: the number of the invoice it corrects. */
  creditedInvoiceNumber: z.number().nullable(),
});
export type InvoiceListItem = z.infer<typeof invoiceListItem>;

/** Invoice/GetPatientInvoices: a patient's invoices and credit notes, newest first. */
export const patientInvoicesInput = z.object({ patientId: id });
export const patientInvoicesOutput = z.object({ items: z.array(invoiceListItem) });

/** Sums over every document that matches a list's filter; credit notes are summed apart (not netted). */
export const invoiceTotals = z.object({
  invoiceCount: z.number(),
  creditNoteCount: z.number(),
  invoicesTotal: z.string(),
  invoicesVat: z.string(),
  creditNotesTotal: z.string(),
  creditNotesVat: z.string(),
  /** invoicesTotal - creditNotesTotal. */
  netTotal: z.string(),
  netVat: z.string(),
});

export const INVOICE_SORT_FIELDS = ['issuedAt', 'number', 'total'] as const;
/**
 * Invoice/GetInvoicesList: the clinic's invoices and credit notes in the user's branches. `from`/`to` are calendar
 * days in the clinic's time zone (inclusive); `search` matches the patient's name or code, or the document number.
 */
export const invoicesListInput = z.object({
  from: calendarDate.optional(),
  to: calendarDate.optional(),
  branchId: optionalId,
  kind: z.enum(INVOICE_KINDS, { error: 'field_invalid' }).optional(),
  search: z.string().trim().max(100, 'field_too_long').optional(),
  sortField: z.enum(INVOICE_SORT_FIELDS, { error: 'field_invalid' }).optional(),
  sortOrder: z.enum(SORT_ORDERS, { error: 'field_invalid' }).optional(),
  page: z.coerce.number().int('field_invalid').min(1, 'field_invalid').max(100000, 'field_invalid').default(1),
  pageSize: z.coerce.number().int('field_invalid').min(1, 'field_invalid').max(200, 'field_invalid').default(30),
});
export type InvoicesListInput = z.output<typeof invoicesListInput>;
export const invoicesListOutput = z.object({
  items: z.array(invoiceListItem),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  totals: invoiceTotals,
});

/**
 * Invoice/GetInvoiceableProcedures: a patient's procedures that an invoice may bill (every status but S5), oldest
 * first, each with its branch, the patient's share it would bill (net − the insurer's share) and the live invoice
 * (not credited) it is on, if any: only those without one can be invoiced. Open to `patient_remaining_payments`, so
 * the desk (the secretary RL4) invoices without the clinical key `patient_procedures`.
 */
export const invoiceableProceduresInput = z.object({ patientId: id });
export const invoiceableProcedure = statementProcedure
  .pick({ id: true, procedureNameAr: true, procedureNameEn: true, procedureNameFr: true, procedureCode: true, teeth: true, status: true, doctorName: true })
  .extend({
    branchId: z.number(),
    /** The patient's share (price − discount − the insurer's share) as decimal text with the currency's decimals. */
    patientShare: z.string(),
    /** The live invoice the procedure is on (null: it can be invoiced). */
    invoiceId: z.number().nullable(),
    invoiceNumber: z.number().nullable(),
  });
export type InvoiceableProcedure = z.infer<typeof invoiceableProcedure>;
export const invoiceableProceduresOutput = z.object({ items: z.array(invoiceableProcedure) });
