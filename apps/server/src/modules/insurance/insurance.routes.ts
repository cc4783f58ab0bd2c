import { type PermissionKey, insuranceCalls } from '@dental/contract';
import type { FastifyInstance } from 'fastify';
import type { ClinicSession } from '../../platform/auth/session.js';
import { checkAccess, registerCall } from '../../platform/calls.js';
import {
  deleteInsuranceCompany,
  getInsuranceCompany,
  listInsuranceCompanies,
  saveInsuranceCompany,
} from './insurance-companies.service.js';
import { deletePatientLimit, listPatientLimits, savePatientLimit } from './patient-limits.service.js';

/** A Save call admits the add and the edit key; the one it needs depends on whether it creates or updates. */
const needs = (session: ClinicSession, key: PermissionKey) => checkAccess(session, { permissions: [key], tier: 'ST0' });

export function registerInsuranceRoutes(app: FastifyInstance) {
  const c = insuranceCalls;
  registerCall(app, c.getInsuranceCompanies, ({ tx, session }, input) =>
    listInsuranceCompanies(tx, session.clinicId, input),
  );
  registerCall(app, c.getInsuranceCompany, ({ tx, session }, input) =>
    getInsuranceCompany(tx, session.clinicId, input.id),
  );
  registerCall(app, c.saveInsuranceCompany, async ({ tx, session }, input) => {
    needs(session, input.id ? 'insurance_edit' : 'insurance_add');
    return saveInsuranceCompany(tx, session.clinicId, input);
  });
  registerCall(app, c.deleteInsuranceCompany, ({ tx, session }, input) =>
    deleteInsuranceCompany(tx, session.clinicId, input.id),
  );

  registerCall(app, c.getPatientLimits, ({ tx, session }, input) =>
    listPatientLimits(tx, session, input.patientId),
  );
  registerCall(app, c.savePatientLimit, ({ tx, session }, input) => savePatientLimit(tx, session, input));
  registerCall(app, c.deletePatientLimit, ({ tx, session }, input) => deletePatientLimit(tx, session, input));
}
