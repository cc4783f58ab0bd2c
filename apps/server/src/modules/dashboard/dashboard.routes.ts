import { dashboardCalls } from '@dental/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../platform/calls.js';
import {
  getDailyAppointments,
  getDailyWorkedHours,
  getNewPatientsMonth,
  getPatientReference,
  getPaymentsTypesCountMonth,
  getTreatmentsPerMonth,
} from './dashboard.service.js';

/** The dashboard's six figures: reads, one statement each (docs/dashboard.md). */
export function registerDashboardRoutes(app: FastifyInstance) {
  const c = dashboardCalls;
  const read = { read: true } as const;
  registerCall(app, c.getDailyAppointments, ({ tx, session }, input) => getDailyAppointments(tx, session, input), read);
  registerCall(app, c.getDailyWorkedHours, ({ tx, session }, input) => getDailyWorkedHours(tx, session, input), read);
  registerCall(app, c.getNewPatientsMonth, ({ tx, session }, input) => getNewPatientsMonth(tx, session, input), read);
  registerCall(app, c.getPatientReference, ({ tx, session }, input) => getPatientReference(tx, session, input), read);
  registerCall(app, c.getPaymentsTypesCountMonth, ({ tx, session }, input) => getPaymentsTypesCountMonth(tx, session, input), read);
  registerCall(app, c.getTreatmentsPerMonth, ({ tx, session }, input) => getTreatmentsPerMonth(tx, session, input), read);
}
