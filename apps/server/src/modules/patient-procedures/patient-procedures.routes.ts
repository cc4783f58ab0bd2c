import { patientProceduresCalls } from '@dental/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../platform/calls.js';
import {
  getPatientProcedure,
  getPatientProcedures,
  getPatientProceduresFilter,
  getPatientToothDetails,
} from './patient-procedures-read.service.js';
import { deletePatientProcedure, savePatientProcedure, updateProcedureStatus } from './patient-procedures.service.js';
import { deleteProcedureVisit, listProcedureVisits, saveProcedureVisit } from './procedure-visits.service.js';

export function registerPatientProceduresRoutes(app: FastifyInstance) {
  const c = patientProceduresCalls;
  registerCall(app, c.getPatientProcedures, ({ tx, session }, input) => getPatientProcedures(tx, session, input), { read: true });
  registerCall(app, c.getPatientProcedure, ({ tx, session }, input) => getPatientProcedure(tx, session, input.id), { read: true });
  registerCall(app, c.savePatientProcedure, ({ tx, session }, input) => savePatientProcedure(tx, session, input));
  registerCall(app, c.updateProcedureStatus, ({ tx, session }, input) => updateProcedureStatus(tx, session, input));
  registerCall(app, c.deletePatientProcedure, ({ tx, session }, input) => deletePatientProcedure(tx, session, input));
  registerCall(app, c.getPatientProceduresFilter, ({ tx, session }, input) => getPatientProceduresFilter(tx, session, input), { read: true });
  registerCall(app, c.getPatientToothDetails, ({ tx, session }, input) => getPatientToothDetails(tx, session, input), { read: true });

  registerCall(app, c.getProcedureVisitList, ({ tx, session }, input) => listProcedureVisits(tx, session, input.patientProcedureId));
  registerCall(app, c.saveProcedureVisit, ({ tx, session }, input) => saveProcedureVisit(tx, session, input));
  registerCall(app, c.deleteProcedureVisit, ({ tx, session }, input) => deleteProcedureVisit(tx, session, input.id));
}
