/**
 * The documents module: printed documents as PDF (invoices and credit notes, receipts, patient statements) through
 * the clinic's print settings, drawn by platform/pdf (docs/print-pdf.md). It owns no table.
 */
export { registerDocumentsRoutes } from './documents.routes.js';
// for the printed documents of other modules (prescriptions, issue 16): the same page, header, labels and answer
export { sendPdf } from './documents.routes.js';
export { type PdfFile, settingsFor } from './documents.service.js';
export { type Letterhead, documentOf, loadLetterhead } from './letterhead.js';
export { labelsOf } from './labels.js';
