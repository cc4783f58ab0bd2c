import { type PermissionKey, prescriptionCalls } from '@dental/contract';
import type { FastifyInstance } from 'fastify';
import type { ClinicSession } from '../../platform/auth/session.js';
import { checkAccess, registerCall, registerPublicCall } from '../../platform/calls.js';
import { sendPdf } from '../documents/index.js';
import { createPublicLink, getPublicPrescription, revokePublicLinks } from './links.service.js';
import { prescriptionPdf } from './prescription-pdf.js';
import {
  copyPrescription,
  deletePrescriptionDrugs,
  deletePrescriptions,
  getPatientPrescriptions,
  getPrescriptionDoc,
  savePrescription,
} from './prescriptions.service.js';
import { deleteTemplate, deleteTemplateDrugs, getTemplate, listTemplates, saveTemplate } from './templates.service.js';

/** An address may open public prescriptions this many times a minute (then 429). */
export const PUBLIC_PRESCRIPTION_READS_PER_MINUTE = 30;

/** SavePrescriptionTemplate admits the add and the edit key; the one it needs depends on whether it creates or updates. */
const needs = (session: ClinicSession, key: PermissionKey) =>
  checkAccess(session, { permissions: [key], tier: 'ST1', rule: 'Secretariat' });

export function registerPrescriptionsRoutes(app: FastifyInstance) {
  const c = prescriptionCalls;
  registerCall(app, c.save, ({ tx, session }, input) => savePrescription(tx, session, input));
  registerCall(app, c.getPatientPrescriptions, ({ tx, session }, input) => getPatientPrescriptions(tx, session, input));
  registerCall(app, c.getPatientPrescriptionDoc, ({ tx, session }, input) => getPrescriptionDoc(tx, session, input.id));
  registerCall(app, c.deletePrescriptions, ({ tx, session }, input) => deletePrescriptions(tx, session, input.ids));
  registerCall(app, c.deletePrescriptionDrugs, ({ tx, session }, input) => deletePrescriptionDrugs(tx, session, input.ids));
  registerCall(app, c.copyPrescription, ({ tx, session }, input) => copyPrescription(tx, session, input));
  registerCall(app, c.createPublicLink, ({ tx, session, deps }, input) =>
    createPublicLink(tx, session, deps.config.TOKEN_SECRET, deps.config.PUBLIC_URL, input.id),
  );
  registerCall(app, c.revokePublicLink, ({ tx, session }, input) => revokePublicLinks(tx, session, input.id));
  registerPublicCall(
    app,
    c.getPublicPrescription,
    ({ db, deps }, input) => getPublicPrescription(db, deps.config.TOKEN_SECRET, input.token),
    { perMinute: PUBLIC_PRESCRIPTION_READS_PER_MINUTE },
  );

  registerCall(app, c.getPrescriptionTemplates, ({ tx, session }, input) => listTemplates(tx, session.clinicId, input));
  registerCall(app, c.getPrescriptionTemplate, ({ tx, session }, input) => getTemplate(tx, session.clinicId, input.id));
  registerCall(app, c.savePrescriptionTemplate, ({ tx, session }, input) => {
    needs(session, input.id ? 'prescription_template_edit' : 'prescription_template_add');
    return saveTemplate(tx, session, input);
  });
  registerCall(app, c.deletePrescriptionTemplate, ({ tx, session }, input) => deleteTemplate(tx, session.clinicId, input.id));
  registerCall(app, c.deletePrescriptionTemplateDrugs, ({ tx, session }, input) =>
    deleteTemplateDrugs(tx, session.clinicId, input.ids),
  );

  registerCall(app, c.getPrescriptionPdf, async ({ tx, session, deps, reply, lang }, input) =>
    sendPdf(reply, await prescriptionPdf(tx, session, deps.files, input, lang)),
  );
}
