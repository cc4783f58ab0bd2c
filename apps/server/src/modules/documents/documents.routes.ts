import { documentCalls } from '@dental/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { registerCall } from '../../platform/calls.js';
import { type PdfFile, invoicePdf } from './documents.service.js';

/**
 * A PDF answer, shaped as the signed file route serves a stored PDF (platform/files/files.routes.ts): its content type,
 * shown inline under its file name, never sniffed, never cached (it holds a patient's data and can change, e.g. when
 * an invoice is credited).
 */
function sendPdf(reply: FastifyReply, { pdf, fileName }: PdfFile) {
  reply
    .type('application/pdf')
    .header('content-disposition', `inline; filename="${fileName}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store');
  return pdf;
}

export function registerDocumentsRoutes(app: FastifyInstance) {
  const c = documentCalls;
  registerCall(app, c.getInvoicePdf, async ({ tx, session, deps, reply }, input) =>
    sendPdf(reply, await invoicePdf(tx, session, deps.files, input)),
  );
}
