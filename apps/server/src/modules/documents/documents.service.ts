import type { PrintDocumentType, PrintSettingsItem } from '@dental/contract';
import type { ClinicSession } from '../../platform/auth/session.js';
import type { Tx } from '../../platform/db/types.js';
import { AppError } from '../../platform/errors.js';
import type { FileStore } from '../../platform/files/file-store.js';
import { renderPdf } from '../../platform/pdf/render.js';
// The partners' services are read through their files until their index.ts exports them (see docs/print-pdf.md).
import { getInvoice } from '../invoices/invoices.service.js';
import { getDefaultPrintSettings, getPrintSettings } from '../print/print.service.js';
import { invoicePdfModel } from './invoice-pdf.js';
import { loadLetterhead } from './letterhead.js';

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
