import { type CallAccess, defineCall } from '../common/call.js';
import { idInput, listOutput, okOutput, savedOutput } from '../common/schemas.js';
import { GROUP_TIER, type PermissionKey } from '../permissions.js';
import {
  insuranceCompanyItem,
  insuranceCompanyListInput,
  saveInsuranceCompanyInput,
} from './insurance-companies.schemas.js';
import {
  deletePatientLimitInput,
  patientLimitsInput,
  patientLimitsOutput,
  savePatientLimitInput,
} from './patient-limits.schemas.js';

type ClinicAccess = Extract<CallAccess, { permissions: readonly PermissionKey[] }>;

/** Insurance is a Standard (ST2) feature (spec §6 tier gating). */
const tier = GROUP_TIER.insurance;
/** The insurance pages of spec §2 carry the Secretariat rule; their writes carry it too. */
const secretariat = (...permissions: PermissionKey[]): ClinicAccess => ({ permissions, tier, rule: 'Secretariat' });
/** Reads other screens use too (the patient form's dropdown, the patient file): any of these keys, any role. */
const anyOf = (...permissions: PermissionKey[]): ClinicAccess => ({ permissions, tier });

/**
 * Insurance companies (MedicalInsurance) and a patient's insurance limits (Patient), spec §7.
 * A Save call creates when `id` is absent (needs the add key) and updates otherwise (needs the edit key).
 */
export const insuranceCalls = {
  getInsuranceCompanies: defineCall({
    controller: 'MedicalInsurance',
    action: 'GetInsuranceCompanies',
    method: 'GET',
    access: anyOf('insurance_list', 'patient_list', 'patient_add', 'patient_edit'),
    input: insuranceCompanyListInput,
    output: listOutput(insuranceCompanyItem),
    summary: "The clinic's insurance companies: search, sort, page, optionally only the active ones (dropdowns)",
  }),
  getInsuranceCompany: defineCall({
    controller: 'MedicalInsurance',
    action: 'GetInsuranceCompany',
    method: 'GET',
    access: anyOf('insurance_list', 'insurance_add', 'insurance_edit'),
    input: idInput,
    output: insuranceCompanyItem,
    summary: 'One insurance company of the clinic',
  }),
  saveInsuranceCompany: defineCall({
    controller: 'MedicalInsurance',
    action: 'SaveInsuranceCompany',
    method: 'POST',
    access: secretariat('insurance_add', 'insurance_edit'),
    input: saveInsuranceCompanyInput,
    output: savedOutput,
    summary: 'Add an insurance company (no id) or update one; the default company stays active',
  }),
  deleteInsuranceCompany: defineCall({
    controller: 'MedicalInsurance',
    action: 'DeleteInsuranceCompany',
    method: 'DELETE',
    access: secretariat('insurance_delete'),
    input: idInput,
    output: okOutput,
    summary: 'Delete an insurance company that is neither the default one nor used by patients or limits',
  }),

  getPatientLimits: defineCall({
    controller: 'Patient',
    action: 'GetPatientLimits',
    method: 'GET',
    access: anyOf('patient_list'),
    input: patientLimitsInput,
    output: patientLimitsOutput,
    summary: "A patient's insurance limits with their total",
  }),
  savePatientLimit: defineCall({
    controller: 'Patient',
    action: 'SavePatientLimit',
    method: 'POST',
    access: anyOf('patient_edit'),
    input: savePatientLimitInput,
    output: savedOutput,
    summary: "Add an insurance limit to a patient (no id) or update one of the patient's limits",
  }),
  deletePatientLimit: defineCall({
    controller: 'Patient',
    action: 'DeletePatientLimit',
    method: 'DELETE',
    access: anyOf('patient_edit'),
    input: deletePatientLimitInput,
    output: okOutput,
    summary: "Delete one of a patient's insurance limits",
  }),
};
