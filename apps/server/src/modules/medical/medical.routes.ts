import { type PermissionKey, medicalCalls } from '@dental/contract';
import type { FastifyInstance } from 'fastify';
import type { ClinicSession } from '../../platform/auth/session.js';
import { checkAccess, registerCall } from '../../platform/calls.js';
import { deleteMedicalCategory, listMedicalCategories, saveMedicalCategory } from './medical-categories.service.js';
import {
  getPatientMedicalHistory,
  saveMedicalQuestionAnswer,
  savePatientMedicalHistory,
} from './medical-history.service.js';
import { deleteMedicalQuestion, listMedicalQuestions, saveMedicalQuestion } from './medical-questions.service.js';
import { deleteDisease, deleteDrug, saveDisease, saveDrug, searchProducts } from './patient-records.service.js';

/** A Save call admits the add and the edit key; the one it needs depends on whether it creates or updates. */
const needs = (session: ClinicSession, key: PermissionKey) => checkAccess(session, { permissions: [key], tier: 'ST0' });

export function registerMedicalRoutes(app: FastifyInstance) {
  const c = medicalCalls;
  registerCall(app, c.getMedicalCategories, ({ tx, session }, input) =>
    listMedicalCategories(tx, session.clinicId, input),
  );
  registerCall(app, c.saveMedicalCategory, async ({ tx, session }, input) => {
    needs(session, input.id ? 'settings_clinic_lookups_edit' : 'settings_clinic_lookups_add');
    return saveMedicalCategory(tx, session.clinicId, input);
  });
  registerCall(app, c.deleteMedicalCategory, ({ tx, session }, input) =>
    deleteMedicalCategory(tx, session.clinicId, input.id),
  );

  registerCall(app, c.getMedicalQuestions, ({ tx, session }, input) =>
    listMedicalQuestions(tx, session.clinicId, input),
  );
  registerCall(app, c.saveMedicalQuestion, async ({ tx, session }, input) => {
    needs(session, input.id ? 'settings_clinic_lookups_edit' : 'settings_clinic_lookups_add');
    return saveMedicalQuestion(tx, session.clinicId, input);
  });
  registerCall(app, c.deleteMedicalQuestion, ({ tx, session }, input) =>
    deleteMedicalQuestion(tx, session.clinicId, input.id),
  );
  registerCall(app, c.saveMedicalQuestionAnswer, ({ tx, session }, input) =>
    saveMedicalQuestionAnswer(tx, session, input),
  );

  registerCall(app, c.getPatientMedicalHistory, ({ tx, session }, input) =>
    getPatientMedicalHistory(tx, session, input.patientId),
  );
  registerCall(app, c.savePatientMedicalHistory, ({ tx, session }, input) =>
    savePatientMedicalHistory(tx, session, input),
  );
  registerCall(app, c.saveDieases, ({ tx, session }, input) => saveDisease(tx, session, input));
  registerCall(app, c.deleteDieases, ({ tx, session }, input) => deleteDisease(tx, session, input.id));
  registerCall(app, c.saveProductDieases, ({ tx, session }, input) => saveDrug(tx, session, input));
  registerCall(app, c.deleteProductDieases, ({ tx, session }, input) => deleteDrug(tx, session, input.id));
  registerCall(app, c.getProductsSearch, ({ tx, session }, input) =>
    searchProducts(tx, session.clinicId, input.search),
  );
}
