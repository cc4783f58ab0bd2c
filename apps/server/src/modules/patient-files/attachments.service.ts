import {
  ATTACHMENT_LIMITS,
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
import { AppError, fail } from '../../platform/errors.js';
import { isPdf, storePdf } from '../../platform/files/documents.js';
import type { FileStore } from '../../platform/files/file-store.js';
import { detectImageType, storeImage } from '../../platform/files/images.js';
import { readMultipart } from '../../platform/files/multipart.js';
import { signedFileUrl } from '../../platform/files/signed-urls.js';
import { type PatientScope, findPatient, patientAttachments } from '../patients/index.js';
// the table is the patients module's (fixed schema); its index does not export it yet

/** Where a clinic's attachments are kept: a private folder, served only through signed links. */
const FOLDER = 'attachments';
/** The multipart part that carries the files (repeated for several files). */
export const FILES_PART = 'files';

type AttachmentRow = typeof patientAttachments.$inferSelect;
/** What the services need beyond the transaction: the file store and the secret that signs links. */
export interface FilesDeps {
  files: FileStore;
  secret: string;
}

function toItem(row: AttachmentRow, authorName: string | null, secret: string, now: number): AttachmentItem {
  const file = signedFileUrl(secret, row.clinicId, row.fileKey, now);
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
    url: file.url,
    thumbnailUrl: row.thumbnailKey ? signedFileUrl(secret, row.clinicId, row.thumbnailKey, now).url : null,
    urlsExpireAt: file.expiresAt.toISOString(),
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

/** A browser's file name, kept for display only: the last path segment, no control characters, 255 at most. */
export function cleanFileName(name: string | undefined): string {
  // eslint-disable-next-line no-control-regex
  const base = (name ?? '').split(/[\\/]/).pop()!.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (base || 'file').slice(0, 255);
}

/** Image (by content: JPEG/JFIF, PNG, GIF, SVG) or PDF (by its signature); anything else is invalid_image_type. */
export function attachmentTypeOf(data: Buffer): AttachmentType {
  if (detectImageType(data)) return 'image';
  if (isPdf(data)) return 'pdf';
  return fail('invalid_image_type', { [FILES_PART]: 'invalid_image_type' });
}

/**
 * SaveAttachments (multipart): patientId, comments, optional patientProcedureId and one or more files in the
 * part `files`. Every file is checked by content before any is kept; images get a 200×200 thumbnail (SVG is kept
 * rasterised), PDFs none. If one file fails, the files already stored for this call are removed. A file over
 * `MAX_UPLOAD_MB` (the one upload limit of every call) is a 413 `attachment_too_large`.
 */
export async function saveAttachments(
  tx: Tx,
  session: ClinicSession,
  req: FastifyRequest,
  deps: FilesDeps,
  maxUploadMb: number,
) {
  const body = await readMultipart(req, maxUploadMb * 1024 * 1024, {
    maxFiles: ATTACHMENT_LIMITS.maxFiles,
    tooLarge: 'attachment_too_large',
    tooMany: 'too_many_files',
  });
  const given = Object.fromEntries(Object.entries(body.fields).filter(([, v]) => v.trim() !== ''));
  const fields = saveAttachmentsFields.parse(given);
  const { clinicId } = session;
  await findPatient(tx, session, fields.patientId);
  const uploads = body.uploads.filter((u) => u.field === FILES_PART && u.data.length > 0);
  if (!uploads.length) fail('validation', { [FILES_PART]: 'field_required' });
  const typed = uploads.map((u) => ({ ...u, type: attachmentTypeOf(u.data) }));

  const stored: string[] = [];
  const values: Array<typeof patientAttachments.$inferInsert> = [];
  let ids: number[];
  try {
    for (const u of typed) {
      let fileKey: string;
      let thumbnailKey: string | null = null;
      if (u.type === 'image') {
        const image = await storeImage(deps.files, clinicId, FOLDER, u.data);
        fileKey = image.key;
        thumbnailKey = image.thumbnailKey;
        stored.push(fileKey, thumbnailKey);
      } else {
        fileKey = await storePdf(deps.files, clinicId, FOLDER, u.data);
        stored.push(fileKey);
      }
      values.push({
        clinicId,
        patientId: fields.patientId,
        branchId: session.branchId,
        patientProcedureId: fields.patientProcedureId ?? null,
        attachmentType: u.type,
        fileKey,
        thumbnailKey,
        fileName: cleanFileName(u.fileName),
        size: u.data.length,
        comments: fields.comments || null,
        createdBy: session.userId,
      });
    }
    // inside the try: a refused insert must not leave the stored files behind
    const created = await tx.insert(patientAttachments).values(values).returning({ id: patientAttachments.id });
    ids = created.map((c) => c.id);
  } catch (err) {
    await removeFiles(deps.files, stored);
    if (err instanceof AppError && err.code === 'invalid_image_type')
      throw new AppError('invalid_image_type', { [FILES_PART]: 'invalid_image_type' });
    throw err;
  }
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
 * deleted); their stored files and thumbnails are removed too.
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
  await removeFiles(files, rows.flatMap((r) => (r.thumbnailKey ? [r.fileKey, r.thumbnailKey] : [r.fileKey])));
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

/** Best effort: a file that cannot be removed is left behind rather than failing the call. */
async function removeFiles(files: FileStore, keys: string[]) {
  await Promise.all(keys.map((key) => files.remove(key).catch(() => undefined)));
}
