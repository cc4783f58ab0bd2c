import { type CallAccess, defineCall } from '../common/call.js';
import { okOutput, savedOutput } from '../common/schemas.js';
import { pdfOutput } from '../documents/documents.schemas.js';
import type { PermissionKey } from '../permissions.js';
import {
  copyPrescriptionInput,
  createPublicLinkInput,
  createPublicLinkOutput,
  deletePrescriptionDrugsInput,
  deletePrescriptionTemplateDrugsInput,
  deletePrescriptionTemplateInput,
  deletePrescriptionsInput,
  patientPrescriptionsInput,
  patientPrescriptionsOutput,
  prescriptionDocInput,
  prescriptionDocOutput,
  prescriptionPdfInput,
  prescriptionTemplateInput,
  prescriptionTemplateOutput,
  prescriptionTemplatesInput,
  prescriptionTemplatesOutput,
  publicPrescriptionInput,
  publicPrescriptionOutput,
  revokePublicLinkInput,
  revokePublicLinkOutput,
  savePrescriptionInput,
  savePrescriptionOutput,
  savePrescriptionTemplateInput,
} from './prescriptions.schemas.js';

type ClinicAccess = Extract<CallAccess, { permissions: readonly PermissionKey[] }>;

/**
 * Who reaches prescriptions (docs/prescriptions.md "Access"); the prescription group opens at tier ST1. Reading a
 * patient's prescriptions: prescription_list; writing (save, publish, copy, public links): prescription_add; deleting
 * drafts and their lines: prescription_delete. Templates are kept on the Secretariat's settings page
 * (/PrescriptionTemplatesList), but a doctor who prescribes (prescription_add) reads them to apply one.
 */
const read: ClinicAccess = { permissions: ['prescription_list'], tier: 'ST1' };
const write: ClinicAccess = { permissions: ['prescription_add'], tier: 'ST1' };
const remove: ClinicAccess = { permissions: ['prescription_delete'], tier: 'ST1' };
const templateRead: ClinicAccess = { permissions: ['prescription_template_list', 'prescription_add'], tier: 'ST1' };
const templateWrite: ClinicAccess = {
  permissions: ['prescription_template_add', 'prescription_template_edit'],
  tier: 'ST1',
  rule: 'Secretariat',
};
const templateDelete: ClinicAccess = { permissions: ['prescription_template_delete'], tier: 'ST1', rule: 'Secretariat' };

/** Prescriptions and prescription templates (controller Prescription; spec §7), with our project calls. */
export const prescriptionCalls = {
  save: defineCall({
    controller: 'Prescription',
    action: 'Save',
    method: 'POST',
    access: write,
    input: savePrescriptionInput,
    output: savePrescriptionOutput,
    summary:
      'Create a prescription (no id) or update a draft with its whole drug list; status published publishes it (then it is immutable)',
  }),
  getPatientPrescriptions: defineCall({
    controller: 'Prescription',
    action: 'GetPatientPrescriptions',
    method: 'GET',
    access: read,
    input: patientPrescriptionsInput,
    output: patientPrescriptionsOutput,
    summary: "A patient's prescriptions, newest first, paged, with the patient's medical alerts",
  }),
  getPatientPrescriptionDoc: defineCall({
    controller: 'Prescription',
    action: 'GetPatientPrescriptionDoc',
    method: 'GET',
    access: read,
    input: prescriptionDocInput,
    output: prescriptionDocOutput,
    summary:
      "One prescription as a document: clinic, branch, doctor and patient details, drugs, and the patient's medical alerts",
  }),
  deletePrescriptions: defineCall({
    controller: 'Prescription',
    action: 'DeletePrescriptions',
    method: 'DELETE',
    access: remove,
    input: deletePrescriptionsInput,
    output: okOutput,
    summary: 'Delete draft prescriptions (a published one: 409, nothing deleted)',
  }),
  deletePrescriptionDrugs: defineCall({
    controller: 'Prescription',
    action: 'DeletePrescriptionDrugs',
    method: 'DELETE',
    access: write,
    input: deletePrescriptionDrugsInput,
    output: okOutput,
    summary: 'Remove drug lines from draft prescriptions (a published one: 409, nothing removed)',
  }),
  copyPrescription: defineCall({
    controller: 'Prescription',
    action: 'CopyPrescription',
    method: 'POST',
    access: write,
    input: copyPrescriptionInput,
    output: savedOutput,
    summary: 'Project call: copy a prescription (usually a published one) into a new draft for the same patient',
  }),
  createPublicLink: defineCall({
    controller: 'Prescription',
    action: 'CreatePublicLink',
    method: 'POST',
    access: write,
    input: createPublicLinkInput,
    output: createPublicLinkOutput,
    summary:
      "Project call: a new unguessable link to a published prescription that the patient opens without logging in ('copy prescription URL')",
  }),
  revokePublicLink: defineCall({
    controller: 'Prescription',
    action: 'RevokePublicLink',
    method: 'POST',
    access: write,
    input: revokePublicLinkInput,
    output: revokePublicLinkOutput,
    summary: "Project call: every open public link of the prescription stops working",
  }),
  getPublicPrescription: defineCall({
    controller: 'Prescription',
    action: 'GetPublicPrescription',
    method: 'GET',
    access: { public: true },
    input: publicPrescriptionInput,
    output: publicPrescriptionOutput,
    summary:
      'Project call, no login (rate-limited): the prescription of a public link: clinic, branch, doctor, patient name, date and drugs only',
  }),
  getPrescriptionTemplates: defineCall({
    controller: 'Prescription',
    action: 'GetPrescriptionTemplates',
    method: 'GET',
    access: templateRead,
    input: prescriptionTemplatesInput,
    output: prescriptionTemplatesOutput,
    summary: "The clinic's prescription templates with their drug names, by name, paged",
  }),
  getPrescriptionTemplate: defineCall({
    controller: 'Prescription',
    action: 'GetPrescriptionTemplate',
    method: 'GET',
    access: templateRead,
    input: prescriptionTemplateInput,
    output: prescriptionTemplateOutput,
    summary: 'One prescription template with its drug lines',
  }),
  savePrescriptionTemplate: defineCall({
    controller: 'Prescription',
    action: 'SavePrescriptionTemplate',
    method: 'POST',
    access: templateWrite,
    input: savePrescriptionTemplateInput,
    output: savedOutput,
    summary: 'Add a prescription template (no id) or update one with its whole drug list; names unique in the clinic',
  }),
  deletePrescriptionTemplate: defineCall({
    controller: 'Prescription',
    action: 'DeletePrescriptionTemplate',
    method: 'DELETE',
    access: templateDelete,
    input: deletePrescriptionTemplateInput,
    output: okOutput,
    summary: 'Delete a prescription template with its drug lines',
  }),
  deletePrescriptionTemplateDrugs: defineCall({
    controller: 'Prescription',
    action: 'DeletePrescriptionTemplateDrugs',
    method: 'DELETE',
    access: templateWrite,
    input: deletePrescriptionTemplateDrugsInput,
    output: okOutput,
    summary: 'Remove drug lines from prescription templates',
  }),
  getPrescriptionPdf: defineCall({
    controller: 'Documents',
    action: 'GetPrescriptionPdf',
    method: 'GET',
    access: read,
    input: prescriptionPdfInput,
    output: pdfOutput,
    summary: "Project call: a prescription as a PDF through the print settings of prescriptions (A5 by default)",
  }),
};
