import { type CallAccess, defineCall } from '../common/call.js';
import { okOutput, savedOutput } from '../common/schemas.js';
import type { PermissionKey } from '../permissions.js';
import {
  deleteToothItemsInput,
  patientInput,
  patientTeethOutput,
  patientToothInput,
  savePatientTeethInput,
  saveToothCanalInput,
  saveToothNoteInput,
  toothCanalsOutput,
  toothCountsOutput,
  toothNotesOutput,
} from './dental-chart.schemas.js';

type ClinicAccess = Extract<CallAccess, { permissions: readonly PermissionKey[] }>;

/** The clinical record (patient group, free tier, no route rule): anyone who may list patients reads it ... */
const reads: ClinicAccess = { permissions: ['patient_list'], tier: 'ST0' };
/** ... and whoever edits patients or records procedures (doctors, assistants) charts. */
const writes: ClinicAccess = { permissions: ['patient_edit', 'patient_procedures'], tier: 'ST0' };

/**
 * The dental chart of a patient (spec §7 Patient: teeth, tooth notes, canal measurements). Every call names the
 * patient; another clinic's or a deleted patient is 404 patient_not_found.
 */
export const dentalChartCalls = {
  getPatientTeeth: defineCall({
    controller: 'Patient',
    action: 'GetPatientTeeth',
    method: 'GET',
    access: reads,
    input: patientInput,
    output: patientTeethOutput,
    summary:
      "The patient's charted teeth (colours, surfaces, extras, parts, extensions). The spec names no read of the chart; this name is the project's",
  }),
  savePatientTeeth: defineCall({
    controller: 'Patient',
    action: 'SavePatientTeeth',
    method: 'POST',
    access: writes,
    input: savePatientTeethInput,
    output: patientTeethOutput,
    summary: 'Chart one or more teeth (colour, surface colours, extras with status, parts, extensions, or clear); returns the whole chart',
  }),

  getToothNotes: defineCall({
    controller: 'Patient',
    action: 'GetToothNotes',
    method: 'GET',
    access: reads,
    input: patientToothInput,
    output: toothNotesOutput,
    summary: 'The notes of one tooth of a patient, newest first',
  }),
  getPatientTeethNotesCount: defineCall({
    controller: 'Patient',
    action: 'GetPatientTeethNotesCount',
    method: 'GET',
    access: reads,
    input: patientInput,
    output: toothCountsOutput,
    summary: 'How many notes each tooth of a patient has (chart badges)',
  }),
  saveToothNote: defineCall({
    controller: 'Patient',
    action: 'SaveToothNote',
    method: 'POST',
    access: writes,
    input: saveToothNoteInput,
    output: savedOutput,
    summary: 'Add a note to a tooth (no id) or edit one',
  }),
  deleteToothNotes: defineCall({
    controller: 'Patient',
    action: 'DeleteToothNotes',
    method: 'DELETE',
    access: writes,
    input: deleteToothItemsInput,
    output: okOutput,
    summary: "Delete tooth notes of a patient (all the ids must be the patient's)",
  }),

  getToothCanals: defineCall({
    controller: 'Patient',
    action: 'GetToothCanals',
    method: 'GET',
    access: reads,
    input: patientToothInput,
    output: toothCanalsOutput,
    summary: 'The root-canal measurements of one tooth of a patient (canal name, length in mm, reference point)',
  }),
  getPatientTeethCanalsCount: defineCall({
    controller: 'Patient',
    action: 'GetPatientTeethCanalsCount',
    method: 'GET',
    access: reads,
    input: patientInput,
    output: toothCountsOutput,
    summary: 'How many canal measurements each tooth of a patient has (chart badges)',
  }),
  saveToothCanal: defineCall({
    controller: 'Patient',
    action: 'SaveToothCanal',
    method: 'POST',
    access: writes,
    input: saveToothCanalInput,
    output: savedOutput,
    summary: 'Add a canal measurement to a tooth (no id) or edit one',
  }),
  deleteToothCanals: defineCall({
    controller: 'Patient',
    action: 'DeleteToothCanals',
    method: 'DELETE',
    access: writes,
    input: deleteToothItemsInput,
    output: okOutput,
    summary: "Delete canal measurements of a patient (all the ids must be the patient's)",
  }),
};
