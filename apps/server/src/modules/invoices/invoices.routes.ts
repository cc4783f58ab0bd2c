import { invoiceCalls } from '@dental/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../platform/calls.js';
import { getInvoiceableProcedures, getInvoicesList, getPatientInvoices } from './invoices-read.service.js';
import { getInvoice, issueCreditNote, issueInvoice } from './invoices.service.js';

export function registerInvoicesRoutes(app: FastifyInstance) {
  const c = invoiceCalls;
  registerCall(app, c.issueInvoice, ({ tx, session, lang }, input) => issueInvoice(tx, session, input, lang));
  registerCall(app, c.getInvoice, ({ tx, session }, input) => getInvoice(tx, session, input.id));
  registerCall(app, c.getPatientInvoices, ({ tx, session }, input) => getPatientInvoices(tx, session, input.patientId));
  registerCall(app, c.getInvoiceableProcedures, ({ tx, session }, input) => getInvoiceableProcedures(tx, session, input.patientId), {
    read: true,
  });
  registerCall(app, c.getInvoicesList, ({ tx, session }, input) => getInvoicesList(tx, session, input));
  registerCall(app, c.issueCreditNote, ({ tx, session }, input) => issueCreditNote(tx, session, input));
}
