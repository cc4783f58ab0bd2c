import { documentCalls } from '@dental/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { registerCall } from '../../platform/calls.js';
import { type PdfFile, invoicePdf, receiptPdf, statementPdf } from './documents.service.js';

/**
 * A PDF answer, shaped as the signed file route serves a stored PDF (platform/files/files.routes.ts): its content type,
 * shown inline under its file name, never sniffed, never cached (it holds a patient's data and can change, e.g. when
 * an invoice is credited).
 */
export function sendPdf(reply: FastifyReply, { pdf, fileName }: PdfFile) {
  reply
    .type('application/pdf')
    .header('content-disposition', `inline; filename="${fileName.replace(/[^\w.-]/g, '_')}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store');
  return pdf;
}

export function registerDocumentsRoutes(app: FastifyInstance) {
  const c = documentCalls;
  registerCall(app, c.getInvoicePdf, async ({ tx, session, deps, reply }, input) =>
    sendPdf(reply, await invoicePdf(tx, session, deps.files, input)),
  );
  registerCall(app, c.getReceiptPdf, async ({ tx, session, deps, reply, lang }, input) =>
    sendPdf(reply, await receiptPdf(tx, session, deps.files, input, lang)),
  );
  registerCall(app, c.getPatientStatementPdf, async ({ tx, session, deps, reply, lang }, input) =>
    sendPdf(reply, await statementPdf(tx, session, deps.files, input, lang)),
  );
}
