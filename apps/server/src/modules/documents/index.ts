/**
 * The documents module: printed documents as PDF (invoices and credit notes, receipts, patient statements) through
 * the clinic's print settings, drawn by platform/pdf (docs/print-pdf.md). It owns no table.
 */
export { registerDocumentsRoutes } from './documents.routes.js';
