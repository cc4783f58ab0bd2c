import { z } from 'zod';
import { id, optionalId } from '../common/schemas.js';

/**
 * A PDF answer: the server sends the bytes with `content-type: application/pdf` (not JSON). The web app downloads it
 * as a blob (a link or `fetch` with the token), never through `useCall`'s JSON parsing.
 */
export const pdfOutput = z
  .custom<Uint8Array>((v) => v instanceof Uint8Array)
  .meta({ type: 'string', format: 'binary', description: 'application/pdf' });

/** `printSettingsId`: print with these settings (of the document's type) instead of the type's default. */
const withSettings = { printSettingsId: optionalId };

/** Documents/GetInvoicePdf: an invoice or a credit note. */
export const invoicePdfInput = z.object({ id, ...withSettings });
/** Documents/GetReceiptPdf: the receipt of one payment. */
export const receiptPdfInput = z.object({ id, ...withSettings });
/** Documents/GetPatientStatementPdf: a patient's procedures statement with the balance. */
export const statementPdfInput = z.object({ patientId: id, ...withSettings });
