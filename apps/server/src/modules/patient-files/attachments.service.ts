import {
  type AttachmentItem,
  type AttachmentType,
  type UpdateAttachmentProcedureInput,
  saveAttachmentsFields,
} from '@dental/contract';
import { type SQL, and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { users } from '../../platform/auth/identity.table.js';
import type { ClinicSession } from '../../platform/auth/session.js';
import type { Tx } from '../../platform/db/types.js';
import { fail } from '../../platform/errors.js';
import { attachmentLinks, readAttachmentForm, removeAttachmentFiles, storeAttachments } from '../../platform/files/attachments.js';
import type { FileStore } from '../../platform/files/file-store.js';
import { type PatientScope, findPatient, patientAttachments } from '../patients/index.js';
// the table is the patients module's (fixed schema); its index does not export it yet

/*
 * A patient's attachments, kept as every module's attachments (platform/files/attachments.ts: checked by content, the
 * clinic's private folder, short-lived signed links). Deleting one deletes its row and, once the call has committed,
 * its files (not reversible).
 */

type AttachmentRow = typeof patientAttachments.$inferSelect;
/** What the services need beyond the transaction: the file store and the secret that signs links. */
export interface FilesDeps {
  files: FileStore;
  secret: string;
}

function toItem(row: AttachmentRow, authorName: string | null, secret: string, now: number): AttachmentItem {
  return {
    id: row.id,
    patientId: row.patientId,
    attachmentType: row.attachmentType as AttachmentType,
    fileName: row.fileName,
    size: row.size,
    comments: row.comments,
    patientProcedureId: row.patientProcedureId,
    branchId: row.branchId,
    createdBy: row.createdBy,
    authorName,
    createdAt: row.createdAt.toISOString(),
    ...attachmentLinks(secret, row.clinicId, row, now),
  };
}

/** The rows with their author's name, newest first. */
async function selectItems(tx: Tx, clinicId: number, where: SQL, secret: string) {
  const rows = await tx
    .select({ row: patientAttachments, authorName: users.displayName })
    .from(patientAttachments)
    .leftJoin(users, and(eq(users.clinicId, patientAttachments.clinicId), eq(users.id, patientAttachments.createdBy)))
    .where(and(eq(patientAttachments.clinicId, clinicId), where))
    .orderBy(desc(patientAttachments.createdAt), desc(patientAttachments.id));
  const now = Date.now();
  return rows.map((r) => toItem(r.row, r.authorName, secret, now));
}

/** GetAttachments: the patient's files, newest first, with signed links (valid about ten minutes). */
export async function listAttachments(tx: Tx, scope: PatientScope, secret: string, patientId: number) {
  const { clinicId } = scope;
  await findPatient(tx, scope, patientId);
  return { items: await selectItems(tx, clinicId, eq(patientAttachments.patientId, patientId), secret) };
}

/**
 * SaveAttachments (multipart): patientId, comments, optional patientProcedureId and one or more files in the
 * part `files`. Every file is checked by content before any is kept; images get a 200×200 thumbnail (SVG is kept
 * rasterised), PDFs none. If the call fails, the files already stored for it are removed (`deps.files` is the call's
 * file store). A file over `MAX_UPLOAD_MB` (the one upload limit of every call) is a 413 `attachment_too_large`.
 */
export async function saveAttachments(
  tx: Tx,
  session: ClinicSession,
  req: FastifyRequest,
  deps: FilesDeps,
  maxUploadMb: number,
) {
  const form = await readAttachmentForm(req, maxUploadMb, saveAttachmentsFields);
  const { fields } = form;
  const { clinicId } = session;
  await findPatient(tx, session, fields.patientId);
  const stored = await storeAttachments(deps.files, clinicId, form.uploads);
  const values = stored.map((file) => ({
    clinicId,
    patientId: fields.patientId,
    branchId: session.branchId,
    patientProcedureId: fields.patientProcedureId ?? null,
    ...file,
    comments: fields.comments || null,
    createdBy: session.userId,
  }));
  const created = await tx.insert(patientAttachments).values(values).returning({ id: patientAttachments.id });
  const ids = created.map((c) => c.id);
  return { items: await selectItems(tx, clinicId, inArray(patientAttachments.id, ids), deps.secret) };
}

/**
 * UpdateAttachmentProcedure: ties the attachment to a patient procedure (null unties it) and/or changes its
 * comments; a field left out stays. The procedure id is kept as given: the patient procedures table comes with the
 * treatments module, which will check that the procedure is this patient's.
 */
export async function updateAttachment(tx: Tx, scope: PatientScope, secret: string, input: UpdateAttachmentProcedureInput) {
  const { clinicId } = scope;
  const row = await findAttachment(tx, scope, input.id);
  const changes: Partial<typeof patientAttachments.$inferInsert> = {};
  if (input.patientProcedureId !== undefined) changes.patientProcedureId = input.patientProcedureId;
  if (input.comments !== undefined) changes.comments = input.comments || null;
  if (Object.keys(changes).length)
    await tx.update(patientAttachments).set(changes).where(byId(clinicId, row.id));
  const [item] = await selectItems(tx, clinicId, eq(patientAttachments.id, row.id), secret);
  return item!;
}

/**
 * DeleteAttachments: all the listed attachments or none (an id that is not the clinic's is 404 and nothing is
 * deleted); their stored files and thumbnails are removed once the call has committed (`files` is the call's store).
 */
export async function deleteAttachments(tx: Tx, scope: PatientScope, files: FileStore, ids: number[]) {
  const { clinicId } = scope;
  const wanted = [...new Set(ids)];
  const rows = await tx
    .select()
    .from(patientAttachments)
    .where(and(eq(patientAttachments.clinicId, clinicId), inArray(patientAttachments.id, wanted)));
  if (rows.length !== wanted.length) fail('not_found');
  for (const patientId of new Set(rows.map((r) => r.patientId))) await findPatient(tx, scope, patientId);
  await tx
    .delete(patientAttachments)
    .where(and(eq(patientAttachments.clinicId, clinicId), inArray(patientAttachments.id, wanted)));
  await removeAttachmentFiles(files, rows);
  return { ok: true as const };
}

const byId = (clinicId: number, id: number) => and(eq(patientAttachments.clinicId, clinicId), eq(patientAttachments.id, id));

async function findAttachment(tx: Tx, scope: PatientScope, id: number) {
  const { clinicId } = scope;
  const [row] = await tx.select().from(patientAttachments).where(byId(clinicId, id));
  if (!row) return fail('not_found');
  await findPatient(tx, scope, row.patientId);
  return row;
}
