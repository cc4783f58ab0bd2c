/**
 * The invoices module: invoices and credit notes with VAT per line, totals in words and the ZATCA phase-1 QR
 * (docs/invoices.md). Other modules use only what this file exports.
 */
export { invoiceLines, invoices } from './invoices.table.js';
export { registerInvoicesRoutes } from './invoices.routes.js';
export { amountInWords } from './amount-in-words.js';
export { decodeZatcaQr, zatcaQr } from './zatca-qr.js';
export { getInvoice } from './invoices.service.js';
