import { patientsCalls } from '@dental/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../platform/calls.js';
import { duplicateGroups, mergePatients } from './duplicates.service.js';
import { approvePatients, pickPatients, searchPatients, waitingPatients } from './patient-search.service.js';
import { savePatientPhoto } from './patient-photo.service.js';
import { deletePatient, getPatient, getPatientHeader, savePatient, updatePatientsStatus } from './patients.service.js';

export function registerPatientsRoutes(app: FastifyInstance) {
  const c = patientsCalls;
  registerCall(app, c.getPatient, ({ tx, session }, input) => getPatient(tx, session.clinicId, input.id));
  registerCall(app, c.getPPW, ({ tx, session }, input) => getPatientHeader(tx, session.clinicId, input.id));
  registerCall(app, c.savePatient, ({ tx, session }, input) => savePatient(tx, session, input));
  registerCall(app, c.savePatientPhoto, ({ tx, session, req, deps }) => savePatientPhoto(tx, session.clinicId, req, deps));
  registerCall(app, c.deletePatient, ({ tx, session }, input) => deletePatient(tx, session.clinicId, input.id));
  registerCall(app, c.searchPatients, ({ tx, session }, input) =>
    searchPatients(tx, session.clinicId, session.clinic.timeZone, input),
  );
  registerCall(app, c.searchByName, ({ tx, session }, input) =>
    pickPatients(tx, session.clinicId, input.search, input.excludeId),
  );
  registerCall(app, c.updatePatientsStatus, ({ tx, session }, input) =>
    updatePatientsStatus(tx, session.clinicId, input.ids, input.isActive),
  );
  registerCall(app, c.getPatientsApproved, ({ tx, session }, input) =>
    waitingPatients(tx, session.clinicId, session.clinic.timeZone, input),
  );
  registerCall(app, c.postPatientsApproved, ({ tx, session }, input) => approvePatients(tx, session.clinicId, input.ids));
  registerCall(app, c.getDuplicatedPatients, ({ tx, session }, input) => duplicateGroups(tx, session.clinicId, input));
  registerCall(app, c.mergePatients, ({ tx, session }, input) =>
    mergePatients(tx, session.clinicId, input.keepId, input.mergeIds),
  );
}
