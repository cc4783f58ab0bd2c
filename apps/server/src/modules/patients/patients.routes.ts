import { patientsCalls } from '@dental/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../platform/calls.js';
import { duplicateGroups, mergePatients } from './duplicates.service.js';
import { approvePatients, pickPatients, searchPatients, waitingPatients } from './patient-search.service.js';
import { savePatientPhoto } from './patient-photo.service.js';
import {
  addPatientToBranch,
  deletePatient,
  getPatient,
  getPatientHeader,
  savePatient,
  updatePatientsStatus,
} from './patients.service.js';

/** Every call sees only the patients of the user's branches (the session: see patient-guard.ts). */
export function registerPatientsRoutes(app: FastifyInstance) {
  const c = patientsCalls;
  registerCall(app, c.getPatient, ({ tx, session }, input) => getPatient(tx, session, input.id));
  registerCall(app, c.getPPW, ({ tx, session }, input) => getPatientHeader(tx, session, input.id));
  registerCall(app, c.savePatient, ({ tx, session }, input) => savePatient(tx, session, input));
  registerCall(app, c.addPatientToBranch, ({ tx, session }, input) => addPatientToBranch(tx, session, input));
  registerCall(app, c.savePatientPhoto, ({ tx, session, req, deps }) => savePatientPhoto(tx, session, req, deps));
  registerCall(app, c.deletePatient, ({ tx, session }, input) => deletePatient(tx, session, input.id));
  registerCall(app, c.searchPatients, ({ tx, session }, input) => searchPatients(tx, session, session.clinic.timeZone, input), { read: true });
  registerCall(app, c.searchByName, ({ tx, session }, input) => pickPatients(tx, session, input.search, input.excludeId), { read: true });
  registerCall(app, c.updatePatientsStatus, ({ tx, session }, input) =>
    updatePatientsStatus(tx, session, input.ids, input.isActive),
  );
  registerCall(app, c.getPatientsApproved, ({ tx, session }, input) =>
    waitingPatients(tx, session, session.clinic.timeZone, input),
  );
  registerCall(app, c.postPatientsApproved, ({ tx, session }, input) => approvePatients(tx, session, input.ids));
  registerCall(app, c.getDuplicatedPatients, ({ tx, session }, input) => duplicateGroups(tx, session, input));
  registerCall(app, c.mergePatients, ({ tx, session }, input) => mergePatients(tx, session, input.keepId, input.mergeIds));
}
