import { type CallAccess, defineCall } from '../common/call.js';
import { idInput, okOutput, savedOutput } from '../common/schemas.js';
import type { PermissionKey } from '../permissions.js';
import {
  deletePatientProcedureInput,
  patientProcedureOutput,
  patientProceduresFilterInput,
  patientProceduresFilterOutput,
  patientProceduresInput,
  patientProceduresOutput,
  patientToothDetailsInput,
  patientToothDetailsOutput,
  procedureVersionOutput,
  procedureVisitListInput,
  procedureVisitListOutput,
  savePatientProcedureInput,
  savePatientProcedureOutput,
  saveProcedureVisitInput,
  updateProcedureStatusInput,
} from './patient-procedures.schemas.js';

type ClinicAccess = Extract<CallAccess, { permissions: readonly PermissionKey[] }>;

/**
 * Who reaches a patient's procedures (docs/patient-procedures.md "Access"): reading needs `patient_procedures`
 * (/TreatmentDetails, /PatientsProceduresList; the assistant RL5 has it); adding, changing status, deleting and the
 * visits need `treatment_add` (/AddProcedure) or `patient_edit` (the doctor RL3, whose default keys hold
 * patient_edit but not the catalogue's treatment keys). A discount needs `patient_apply_discount` as well.
 */
const read: ClinicAccess = { permissions: ['patient_procedures'], tier: 'ST0' };
const write: ClinicAccess = { permissions: ['treatment_add', 'patient_edit'], tier: 'ST0' };

/** A patient's procedures (PatientProcedure controller) and their visits (Procedure controller). */
export const patientProceduresCalls = {
  getPatientProcedures: defineCall({
    controller: 'PatientProcedure',
    action: 'GetPatientProcedures',
    method: 'GET',
    access: read,
    input: patientProceduresInput,
    output: patientProceduresOutput,
    summary: "A patient's procedures, newest first, optionally on one tooth and in some statuses, with totals per status group",
  }),
  getPatientProcedure: defineCall({
    controller: 'PatientProcedure',
    action: 'GetPatientProcedure',
    method: 'GET',
    access: read,
    input: idInput,
    output: patientProcedureOutput,
    summary: 'One patient procedure',
  }),
  savePatientProcedure: defineCall({
    controller: 'PatientProcedure',
    action: 'SavePatientProcedure',
    method: 'POST',
    access: write,
    input: savePatientProcedureInput,
    output: savePatientProcedureOutput,
    summary:
      "Add a procedure from the branch's price list to a patient (no id) or change one (id + version): teeth, doctor, discount, notes, planned day",
  }),
  updateProcedureStatus: defineCall({
    controller: 'PatientProcedure',
    action: 'UpdateProcedureStatus',
    method: 'POST',
    access: write,
    input: updateProcedureStatusInput,
    output: procedureVersionOutput,
    summary: 'Move a patient procedure to another status (allowed transitions only; approval confirmation)',
  }),
  deletePatientProcedure: defineCall({
    controller: 'PatientProcedure',
    action: 'DeletePatientProcedure',
    method: 'DELETE',
    access: write,
    input: deletePatientProcedureInput,
    output: okOutput,
    summary: 'Delete a planned or cancelled patient procedure and its visits',
  }),
  getPatientProceduresFilter: defineCall({
    controller: 'PatientProcedure',
    action: 'GetPatientProceduresFilter',
    method: 'GET',
    access: read,
    input: patientProceduresFilterInput,
    output: patientProceduresFilterOutput,
    summary:
      "Every patient's procedures in the user's branches: filter by status, doctor, branch, dates, treatment, procedure, patient; sort, page, totals",
  }),
  getPatientToothDetails: defineCall({
    controller: 'PatientProcedure',
    action: 'GetPatientToothDetails',
    method: 'GET',
    access: read,
    input: patientToothDetailsInput,
    output: patientToothDetailsOutput,
    summary: "One tooth of a patient: its procedures and how many notes it has",
  }),

  getProcedureVisitList: defineCall({
    controller: 'Procedure',
    action: 'GetProcedureVisitList',
    method: 'GET',
    access: read,
    input: procedureVisitListInput,
    output: procedureVisitListOutput,
    summary: "A patient procedure's visits (sittings), by date",
  }),
  saveProcedureVisit: defineCall({
    controller: 'Procedure',
    action: 'SaveProcedureVisit',
    method: 'POST',
    access: write,
    input: saveProcedureVisitInput,
    output: savedOutput,
    summary: 'Add a visit to a patient procedure (no id) or change one: date, doctor, notes',
  }),
  deleteProcedureVisit: defineCall({
    controller: 'Procedure',
    action: 'DeleteProcedureVisit',
    method: 'DELETE',
    access: write,
    input: idInput,
    output: okOutput,
    summary: "Delete one of a patient procedure's visits",
  }),
};
