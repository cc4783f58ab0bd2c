/**
 * The patient-files module: the Notes and Attachments tabs of the patient file (GetNotes, SaveNotes, DeleteNote,
 * GetAttachments, SaveAttachments, UpdateAttachmentProcedure, DeleteAttachments). Its tables (patient_notes,
 * patient_attachments) belong to the patients module; attachment files live in the clinic's private folder
 * `clinics/<id>/attachments/` and are only served through short-lived signed links (platform/files/signed-urls.ts).
 */
export { registerPatientFilesRoutes } from './patient-files.routes.js';
