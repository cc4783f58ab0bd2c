import { type Language, LANGUAGES, type PrintDocumentType, type PrintSettingsItem } from '@dental/contract';
import { and, eq } from 'drizzle-orm';
import type { ClinicSession } from '../../platform/auth/session.js';
import { JsonText } from '../../platform/db/json-list.js';
import type { Tx } from '../../platform/db/types.js';
import { AppError } from '../../platform/errors.js';
import type { FileStore } from '../../platform/files/file-store.js';
import { renderPdf } from '../../platform/pdf/render.js';
// The partners' services are read through their files until their index.ts exports them (see docs/print-pdf.md).
import { getInvoice } from '../invoices/index.js';
import { getPatientProcedurePrinting, getProcedurePayment } from '../payments/index.js';
import { patients } from '../patients/index.js';
import { getDefaultPrintSettings, getPrintSettings } from '../print/index.js';
import { invoicePdfModel } from './invoice-pdf.js';
import { loadLetterhead } from './letterhead.js';
import { receiptPdfModel } from './receipt-pdf.js';
import { statementPdfModel } from './statement-pdf.js';

/** A rendered document: its bytes and the file name it downloads as. */
export interface PdfFile {
  pdf: Buffer;
  fileName: string;
}

/**
 * The settings a document prints with: the named ones (of the clinic, and of this document type, else 404
 * print_settings_not_found), else the type's default (GetDefaultPrintTypeSettings' rule: the clinic's default, or
 * the built-in one).
 */
export async function settingsFor(tx: Tx, session: ClinicSession, type: PrintDocumentType, id: number | undefined): Promise<PrintSettingsItem> {
  if (!id) return getDefaultPrintSettings(tx, session, type);
  const settings = await getPrintSettings(tx, session, id);
  if (settings.documentType !== type) throw new AppError('print_settings_not_found');
  return settings;
}

/** Documents/GetInvoicePdf: the invoice as Invoice/GetInvoice reads it (same scoping, 404 for another clinic's). */
export async function invoicePdf(
  tx: Tx,
  session: ClinicSession,
  files: FileStore,
  input: { id: number; printSettingsId?: number },
): Promise<PdfFile> {
  const invoice = await getInvoice(tx, session, input.id);
  const settings = await settingsFor(tx, session, 'invoice', input.printSettingsId);
  const clinic = await loadLetterhead(tx, session, files, invoice.branchId, settings.show.logo);
  const kind = invoice.kind === 'credit_note' ? 'credit-note' : 'invoice';
  return { pdf: await renderPdf(invoicePdfModel(invoice, settings, clinic)), fileName: `${kind}-${invoice.number}.pdf` };
}

/** A read that PostgreSQL answered as JSON text (a hot read's `JsonText`), as its object. */
const answerOf = <T>(answer: T | JsonText<T>): T => (answer instanceof JsonText ? (JSON.parse(answer.text) as T) : answer);

/**
 * The language of a receipt or statement: the settings' own, or for 'patient' the patient's language (the one their
 * messages are sent in), else the caller's.
 */
async function documentLanguage(tx: Tx, session: ClinicSession, settings: PrintSettingsItem, patientId: number, caller: Language) {
  if (settings.language !== 'patient') return settings.language;
  const [row] = await tx
    .select({ language: patients.smsLanguage })
    .from(patients)
    .where(and(eq(patients.clinicId, session.clinicId), eq(patients.id, patientId)));
  return LANGUAGES.find((l) => l === row?.language) ?? caller;
}

/** Documents/GetReceiptPdf: the payment as PatientProcedure/GetProcedurePayment reads it (404 payment_not_found, BS15). */
export async function receiptPdf(
  tx: Tx,
  session: ClinicSession,
  files: FileStore,
  input: { id: number; printSettingsId?: number },
  caller: Language,
): Promise<PdfFile> {
  const payment = answerOf(await getProcedurePayment(tx, session, input.id));
  const settings = await settingsFor(tx, session, 'receipt', input.printSettingsId);
  const language = await documentLanguage(tx, session, settings, payment.patientId, caller);
  const clinic = await loadLetterhead(tx, session, files, payment.branchId, settings.show.logo);
  return { pdf: await renderPdf(receiptPdfModel(payment, settings, clinic, language)), fileName: `receipt-${payment.receiptNo}.pdf` };
}

/** Documents/GetPatientStatementPdf: the statement as PatientProcedure/GetPatientProcedurePrinting reads it. */
export async function statementPdf(
  tx: Tx,
  session: ClinicSession,
  files: FileStore,
  input: { patientId: number; printSettingsId?: number },
  caller: Language,
): Promise<PdfFile> {
  const statement = answerOf(await getPatientProcedurePrinting(tx, session, input.patientId));
  const settings = await settingsFor(tx, session, 'statement', input.printSettingsId);
  const language = await documentLanguage(tx, session, settings, input.patientId, caller);
  const clinic = await loadLetterhead(tx, session, files, null, settings.show.logo);
  const model = statementPdfModel(statement, settings, clinic, language, new Date());
  return { pdf: await renderPdf(model), fileName: `statement-${statement.patient.code}.pdf` };
}
