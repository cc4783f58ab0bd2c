import { type CallAccess, defineCall } from '../common/call.js';
import { idInput, listOutput, okOutput, savedOutput } from '../common/schemas.js';
import type { PermissionKey } from '../permissions.js';
import {
  medicalCategoryItem,
  medicalCategoryListInput,
  saveMedicalCategoryInput,
} from './medical-categories.schemas.js';
import {
  patientMedicalHistoryInput,
  patientMedicalHistoryOutput,
  productsSearchInput,
  productsSearchOutput,
  saveDiseaseInput,
  saveDrugInput,
  saveMedicalQuestionAnswerInput,
  savePatientMedicalHistoryInput,
} from './medical-history.schemas.js';
import {
  medicalQuestionItem,
  medicalQuestionListInput,
  saveMedicalQuestionInput,
} from './medical-questions.schemas.js';

type ClinicAccess = Extract<CallAccess, { permissions: readonly PermissionKey[] }>;

/** /MedicalCategories and /MedicalQuestions are settings pages with the Secretariat rule: their writes carry it. */
const secretariat = (...permissions: PermissionKey[]): ClinicAccess => ({
  permissions,
  tier: 'ST0',
  rule: 'Secretariat',
});
/** The questionnaire is read by the settings pages and by the patient file: either key, whatever the role. */
const questionnaireReaders: ClinicAccess = {
  permissions: ['settings_clinic_lookups_list', 'patient_list'],
  tier: 'ST0',
};
/** A patient's clinical record: read with patient_list, written by those who edit patients or chart procedures. */
const patientReaders: ClinicAccess = { permissions: ['patient_list'], tier: 'ST0' };
const patientWriters: ClinicAccess = { permissions: ['patient_edit', 'patient_procedures'], tier: 'ST0' };

/**
 * The medical questionnaire (controller MedicalHistory) and a patient's medical history, diseases and drugs
 * (controller Patient), spec §7 names. A Save call creates when `id` is absent (add key) and updates otherwise
 * (edit key).
 */
export const medicalCalls = {
  getMedicalCategories: defineCall({
    controller: 'MedicalHistory',
    action: 'GetMedicalCategories',
    method: 'GET',
    access: questionnaireReaders,
    input: medicalCategoryListInput,
    output: listOutput(medicalCategoryItem),
    summary: "The questionnaire's categories with their question counts: search by name, sort, page",
  }),
  saveMedicalCategory: defineCall({
    controller: 'MedicalHistory',
    action: 'SaveMedicalCategory',
    method: 'POST',
    access: secretariat('settings_clinic_lookups_add', 'settings_clinic_lookups_edit'),
    input: saveMedicalCategoryInput,
    output: savedOutput,
    summary: 'Add a medical category (no id) or rename and reorder one',
  }),
  deleteMedicalCategory: defineCall({
    controller: 'MedicalHistory',
    action: 'DeleteMedicalCategory',
    method: 'DELETE',
    access: secretariat('settings_clinic_lookups_delete'),
    input: idInput,
    output: okOutput,
    summary: 'Delete a medical category that has no questions (409 cannot_delete_medical_category otherwise)',
  }),
  getMedicalQuestions: defineCall({
    controller: 'MedicalHistory',
    action: 'GetMedicalQuestions',
    method: 'GET',
    access: questionnaireReaders,
    input: medicalQuestionListInput,
    output: listOutput(medicalQuestionItem),
    summary:
      "The questionnaire's questions, by category order then question order unless sorted: search, filter by category, page",
  }),
  saveMedicalQuestion: defineCall({
    controller: 'MedicalHistory',
    action: 'SaveMedicalQuestion',
    method: 'POST',
    access: secretariat('settings_clinic_lookups_add', 'settings_clinic_lookups_edit'),
    input: saveMedicalQuestionInput,
    output: savedOutput,
    summary:
      'Add a question (no id) or update one: type yes/no, single or multi choice with its options, required, shown to patients, alert, order',
  }),
  deleteMedicalQuestion: defineCall({
    controller: 'MedicalHistory',
    action: 'DeleteMedicalQuestion',
    method: 'DELETE',
    access: secretariat('settings_clinic_lookups_delete'),
    input: idInput,
    output: okOutput,
    summary: "Delete a question with the patients' answers to it",
  }),
  saveMedicalQuestionAnswer: defineCall({
    controller: 'MedicalHistory',
    action: 'SaveMedicalQuestionAnswer',
    method: 'POST',
    access: patientWriters,
    input: saveMedicalQuestionAnswerInput,
    output: okOutput,
    summary: "Save (or with a null answer clear) one patient's answer to one question, with a note",
  }),

  getPatientMedicalHistory: defineCall({
    controller: 'Patient',
    action: 'GetPatientMedicalHistory',
    method: 'GET',
    access: patientReaders,
    input: patientMedicalHistoryInput,
    output: patientMedicalHistoryOutput,
    summary:
      "A patient's medical record: status, notes, the active questionnaire with the answers, diseases, drugs and alerts",
  }),
  savePatientMedicalHistory: defineCall({
    controller: 'Patient',
    action: 'SavePatientMedicalHistory',
    method: 'POST',
    access: patientWriters,
    input: savePatientMedicalHistoryInput,
    output: okOutput,
    summary:
      "Save a patient's record status, notes and questionnaire answers at once (required questions must be answered)",
  }),
  saveDieases: defineCall({
    controller: 'Patient',
    action: 'SaveDieases',
    method: 'POST',
    access: patientWriters,
    input: saveDiseaseInput,
    output: savedOutput,
    summary: 'Add a disease to a patient (no id) or update one (name, notes, alert flag)',
  }),
  deleteDieases: defineCall({
    controller: 'Patient',
    action: 'DeleteDieases',
    method: 'DELETE',
    access: patientWriters,
    input: idInput,
    output: okOutput,
    summary: "Remove a disease from a patient's record",
  }),
  saveProductDieases: defineCall({
    controller: 'Patient',
    action: 'SaveProductDieases',
    method: 'POST',
    access: patientWriters,
    input: saveDrugInput,
    output: savedOutput,
    summary:
      "Add a drug the patient takes (by productId, or by a name added to the clinic's drug list if new) or update one",
  }),
  deleteProductDieases: defineCall({
    controller: 'Patient',
    action: 'DeleteProductDieases',
    method: 'DELETE',
    access: patientWriters,
    input: idInput,
    output: okOutput,
    summary: "Remove a drug from a patient's record",
  }),
  getProductsSearch: defineCall({
    controller: 'Patient',
    action: 'GetProductsSearch',
    method: 'GET',
    access: patientReaders,
    input: productsSearchInput,
    output: productsSearchOutput,
    summary: "Up to 20 of the clinic's drug names containing the search text, ignoring case",
  }),
};
