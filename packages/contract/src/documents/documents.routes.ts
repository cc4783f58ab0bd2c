import { defineCall } from '../common/call.js';
import { invoiceCalls } from '../invoices/invoices.routes.js';
import { paymentsCalls } from '../payments/payments.routes.js';
import { invoicePdfInput, pdfOutput, receiptPdfInput, statementPdfInput } from './documents.schemas.js';

/**
 * Printed documents as PDF (Documents controller, project calls; docs/print-pdf.md). Each has exactly the access of
 * the data call it prints, so a PDF shows nobody more than the screen does; the clinic's print settings of the
 * document type shape the page.
 */
export const documentCalls = {
  getInvoicePdf: defineCall({
    controller: 'Documents',
    action: 'GetInvoicePdf',
    method: 'GET',
    access: invoiceCalls.getInvoice.access,
    input: invoicePdfInput,
    output: pdfOutput,
    summary: 'An invoice or credit note as a PDF, through the print settings of invoices (as Invoice/GetInvoice reads it)',
  }),
  getReceiptPdf: defineCall({
    controller: 'Documents',
    action: 'GetReceiptPdf',
    method: 'GET',
    access: paymentsCalls.getProcedurePayment.access,
    input: receiptPdfInput,
    output: pdfOutput,
    summary: "A payment's receipt as a PDF, through the print settings of receipts",
  }),
  getPatientStatementPdf: defineCall({
    controller: 'Documents',
    action: 'GetPatientStatementPdf',
    method: 'GET',
    access: paymentsCalls.getPatientProcedurePrinting.access,
    input: statementPdfInput,
    output: pdfOutput,
    summary: "A patient's procedures statement with the balance as a PDF, through the print settings of statements",
  }),
};
