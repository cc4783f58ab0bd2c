import { paymentsCalls } from '@dental/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../platform/calls.js';
import { deleteRecurrencePayment, getPaymentPlans, saveRecurrencePayment } from './payment-plans.service.js';
import { getPatientMoneyHistory, getPatientPaymentReport } from './payment-report.service.js';
import {
  getPatientLedger,
  getPatientProcedurePrinting,
  getProcedurePayment,
  getProcedurePaymentList,
} from './payments-read.service.js';
import { applyPatientCredit, deleteProcedurePayment, saveProcedurePayment } from './payments.service.js';

export function registerPaymentsRoutes(app: FastifyInstance) {
  const c = paymentsCalls;
  registerCall(app, c.saveProcedurePayment, ({ tx, session }, input) => saveProcedurePayment(tx, session, input));
  registerCall(app, c.applyPatientCredit, ({ tx, session }, input) => applyPatientCredit(tx, session, input));
  registerCall(app, c.deleteProcedurePayment, ({ tx, session }, input) => deleteProcedurePayment(tx, session, input));
  registerCall(
    app,
    c.getProcedurePaymentList,
    ({ tx, session }, input) => getProcedurePaymentList(tx, session, input),
    { read: true },
  );
  registerCall(app, c.getProcedurePayment, ({ tx, session }, input) => getProcedurePayment(tx, session, input.id), {
    read: true,
  });
  registerCall(app, c.getPatientLedger, ({ tx, session }, input) => getPatientLedger(tx, session, input.patientId), {
    read: true,
  });
  registerCall(
    app,
    c.getPatientProcedurePrinting,
    ({ tx, session }, input) => getPatientProcedurePrinting(tx, session, input.patientId),
    { read: true },
  );
  registerCall(app, c.saveRecurrencePayment, ({ tx, session }, input) => saveRecurrencePayment(tx, session, input));
  registerCall(app, c.deleteRecurrencePayment, ({ tx, session }, input) =>
    deleteRecurrencePayment(tx, session, input.id),
  );
  registerCall(app, c.getPaymentPlans, ({ tx, session }, input) => getPaymentPlans(tx, session, input.patientId), {
    read: true,
  });
  registerCall(app, c.getPatientMoneyHistory, ({ tx, session }, input) => getPatientMoneyHistory(tx, session, input), {
    read: true,
  });
  registerCall(
    app,
    c.getPatientPaymentReport,
    ({ tx, session }, input) => getPatientPaymentReport(tx, session, input),
    { read: true },
  );
}
