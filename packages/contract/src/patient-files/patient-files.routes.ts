import { type CallAccess, defineCall } from '../common/call.js';
import { idInput, idsInput, okOutput, savedOutput } from '../common/schemas.js';
import type { PermissionKey } from '../permissions.js';
import {
  ATTACHMENT_LIMITS,
  attachmentItem,
  attachmentsOutput,
  saveAttachmentsInput,
  updateAttachmentProcedureInput,
} from './attachments.schemas.js';
import { notesOutput, patientRecordsInput, saveNoteInput } from './notes.schemas.js';

type ClinicAccess = Extract<CallAccess, { permissions: readonly PermissionKey[] }>;

/** The clinical record: anyone who may see patients reads it; editors, doctors and assistants write it. */
const reads: ClinicAccess = { permissions: ['patient_list'], tier: 'ST0' };
const writes: ClinicAccess = { permissions: ['patient_edit', 'patient_procedures'], tier: 'ST0' };

/** The Notes and Attachments tabs of the patient file (/Patient/:ID/4 and /5). */
export const patientFilesCalls = {
  getNotes: defineCall({
    controller: 'Patient',
    action: 'GetNotes',
    method: 'GET',
    access: reads,
    input: patientRecordsInput,
    output: notesOutput,
    summary: "A patient's notes, newest first, with their author and date",
  }),
  saveNotes: defineCall({
    controller: 'Patient',
    action: 'SaveNotes',
    method: 'POST',
    access: writes,
    input: saveNoteInput,
    output: savedOutput,
    summary: "Add a note to a patient's file (no id) or rewrite one",
  }),
  deleteNote: defineCall({
    controller: 'Patient',
    action: 'DeleteNote',
    method: 'DELETE',
    access: writes,
    input: idInput,
    output: okOutput,
    summary: "Delete a note of a patient's file",
  }),

  getAttachments: defineCall({
    controller: 'Patient',
    action: 'GetAttachments',
    method: 'GET',
    access: reads,
    input: patientRecordsInput,
    output: attachmentsOutput,
    summary: "A patient's attachments, newest first, with short-lived signed links to each file and thumbnail",
  }),
  saveAttachments: defineCall({
    controller: 'Patient',
    action: 'SaveAttachments',
    method: 'POST',
    access: writes,
    multipart: true,
    input: saveAttachmentsInput,
    output: attachmentsOutput,
    summary:
      'Attach files to a patient (multipart: patientId, comments, optional patientProcedureId, one or more `files`: ' +
      `jpg/jpeg/jfif, png, gif, svg checked by content, or PDF; MAX_UPLOAD_MB (${ATTACHMENT_LIMITS.maxFileMb} MB by default) each, ` +
      `${ATTACHMENT_LIMITS.maxFiles} at most)`,
  }),
  updateAttachmentProcedure: defineCall({
    controller: 'Patient',
    action: 'UpdateAttachmentProcedure',
    method: 'POST',
    access: writes,
    input: updateAttachmentProcedureInput,
    output: attachmentItem,
    summary: 'Tie an attachment to a patient procedure (null unties it) and/or change its comments',
  }),
  deleteAttachments: defineCall({
    controller: 'Patient',
    action: 'DeleteAttachments',
    method: 'DELETE',
    access: writes,
    input: idsInput,
    output: okOutput,
    summary: 'Delete attachments and their stored files',
  }),
};
