import { type LabOrderAttachmentItem, type LabOrderStatus, labOrderTakesAttachments, saveLabOrderAttachmentsFields } from '@dental/contract';
import { type SQL, and, desc, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { users } from '../../platform/auth/identity.table.js';
import type { ClinicSession } from '../../platform/auth/session.js';
import type { Tx } from '../../platform/db/types.js';
import { fail } from '../../platform/errors.js';
import { attachmentLinks, readAttachmentForm, removeAttachmentFiles, storeAttachments } from '../../platform/files/attachments.js';
import type { FileStore } from '../../platform/files/file-store.js';
import { findPatient } from '../patients/index.js';
import { myLab } from './lab-users.service.js';
import { labOrderAttachments, labOrders } from './labs.table.js';

/*
 * Attachments of a lab order (photos and scans of impressions, x-rays, PDFs): the clinic's staff and the order's lab
 * user read and add them; files are kept as the patient's attachments (platform/files/attachments.ts: the clinic's
 * private folder, short-lived signed links). Removing one keeps its row and file with who and when; deleting the
 * order removes its attachments' rows and files.
 */

const a = labOrderAttachments;

export interface AttachmentDeps {
  files: FileStore;
  secret: string;
  maxUploadMb: number;
}

/** Who asks: the clinic's staff (patients guard applies) or a lab user (only their lab's orders). */
type Viewer = { kind: 'clinic'; session: ClinicSession } | { kind: 'lab'; session: ClinicSession; labId: number };

export const clinicViewer = (session: ClinicSession): Viewer => ({ kind: 'clinic', session });
export async function labViewer(tx: Tx, session: ClinicSession): Promise<Viewer> {
  return { kind: 'lab', session, labId: (await myLab(tx, session)).id };
}

/**
 * The order, when the viewer may see it: another clinic's order or (for a lab user) another lab's is 404; for the
 * clinic's staff a patient of none of their branches is 403 BS15 (the patients guard).
 */
async function findOrder(tx: Tx, viewer: Viewer, labOrderId: number, lock = false) {
  const { clinicId } = viewer.session;
  const query = tx
    .select({ id: labOrders.id, patientId: labOrders.patientId, labId: labOrders.labId, status: labOrders.status })
    .from(labOrders)
    .where(and(eq(labOrders.clinicId, clinicId), eq(labOrders.id, labOrderId)));
  const [row] = lock ? await query.for('share') : await query;
  if (!row || (viewer.kind === 'lab' && row.labId !== viewer.labId)) return fail('lab_order_not_found');
  if (viewer.kind === 'clinic') await findPatient(tx, viewer.session, row.patientId);
  return row;
}

/*
 * A used (LOS3) or cancelled (LOS6) order takes no new files (labOrderTakesAttachments): its work is over. The files it
 * has stay (rows and stored files, listed and readable by the clinic and the lab): they are the record of what was sent
 * and made, and such an order is never deleted (only a new one is). Removing one from the list stays possible.
 */

const mayDelete = (viewer: Viewer, row: { byLab: boolean; createdBy: number | null }) =>
  viewer.kind === 'clinic' || (row.byLab && row.createdBy === viewer.session.userId);

async function selectItems(tx: Tx, viewer: Viewer, where: SQL, secret: string): Promise<LabOrderAttachmentItem[]> {
  const { clinicId } = viewer.session;
  const rows = await tx
    .select({ row: a, authorName: users.displayName })
    .from(a)
    .leftJoin(users, and(eq(users.clinicId, a.clinicId), eq(users.id, a.createdBy)))
    .where(and(eq(a.clinicId, clinicId), isNull(a.deletedAt), where))
    .orderBy(desc(a.createdAt), desc(a.id));
  const now = Date.now();
  return rows.map(({ row, authorName }) => ({
    id: row.id,
    labOrderId: row.labOrderId,
    attachmentType: row.attachmentType as 'image' | 'pdf',
    fileName: row.fileName,
    size: row.size,
    comments: row.comments,
    byLab: row.byLab,
    authorName,
    canDelete: mayDelete(viewer, row),
    createdAt: row.createdAt.toISOString(),
    ...attachmentLinks(secret, clinicId, row, now),
  }));
}

/** Get(My)LabOrderAttachments: the order's files, newest first, with signed links (about ten minutes). */
export async function listLabOrderAttachments(tx: Tx, viewer: Viewer, secret: string, labOrderId: number) {
  await findOrder(tx, viewer, labOrderId);
  return { items: await selectItems(tx, viewer, eq(a.labOrderId, labOrderId), secret) };
}

/**
 * Save(My)LabOrderAttachments (multipart): labOrderId, comments and one or more files in `files`. Every file is
 * checked by content (image or PDF, else 400 invalid_image_type) before any is kept; over MAX_UPLOAD_MB is 413
 * attachment_too_large, more than ten files 400 too_many_files. Files stored by a call that fails are removed again
 * (the platform's transactional file store).
 */
export async function saveLabOrderAttachments(tx: Tx, viewer: Viewer, req: FastifyRequest, deps: AttachmentDeps) {
  const form = await readAttachmentForm(req, deps.maxUploadMb, saveLabOrderAttachmentsFields);
  const { fields } = form;
  const { clinicId, userId } = viewer.session;
  // the order's row is share-locked until the files' rows are in: a status change waits for the upload (and an
  // upload waits for a status change), so a file is never added to an order that became used or cancelled meanwhile
  const order = await findOrder(tx, viewer, fields.labOrderId, true);
  if (!labOrderTakesAttachments(order.status as LabOrderStatus)) return fail('lab_attachment_order_closed');
  const stored = await storeAttachments(deps.files, clinicId, form.uploads);
  const values = stored.map((file) => ({
    clinicId,
    labOrderId: fields.labOrderId,
    ...file,
    comments: fields.comments || null,
    byLab: viewer.kind === 'lab',
    createdBy: userId,
  }));
  const created = await tx.insert(a).values(values).returning({ id: a.id });
  const ids = created.map((c) => c.id);
  const items = await selectItems(tx, viewer, eq(a.labOrderId, fields.labOrderId), deps.secret);
  return { items: items.filter((i) => ids.includes(i.id)) };
}

/**
 * Delete(My)LabOrderAttachment: marks the attachment removed with who and when (its row and file are kept; it is no
 * longer listed). The clinic's staff remove any; a lab user only the ones they added (403 lab_attachment_not_own).
 * One conditional update: of two concurrent removals one succeeds and the other is 404.
 */
export async function deleteLabOrderAttachment(tx: Tx, viewer: Viewer, id: number) {
  const { clinicId, userId } = viewer.session;
  const [row] = await tx
    .select({ labOrderId: a.labOrderId, byLab: a.byLab, createdBy: a.createdBy })
    .from(a)
    .where(and(eq(a.clinicId, clinicId), eq(a.id, id), isNull(a.deletedAt)));
  if (!row) return fail('lab_attachment_not_found');
  await findOrder(tx, viewer, row.labOrderId);
  if (!mayDelete(viewer, row)) return fail('lab_attachment_not_own');
  const done = await tx
    .update(a)
    .set({ deletedAt: new Date(), deletedBy: userId })
    .where(and(eq(a.clinicId, clinicId), eq(a.id, id), isNull(a.deletedAt)))
    .returning({ id: a.id });
  if (!done.length) return fail('lab_attachment_not_found');
  return { ok: true as const };
}

/**
 * Before a lab order is deleted (its attachment rows go with it, on delete cascade): removes the files of all its
 * attachments, the ones removed from the list included. Given the call's file store, the files go once the delete
 * has committed; a delete that fails keeps them.
 */
export async function removeLabOrderFiles(tx: Tx, files: FileStore, clinicId: number, labOrderId: number) {
  const rows = await tx
    .select({ fileKey: a.fileKey, thumbnailKey: a.thumbnailKey })
    .from(a)
    .where(and(eq(a.clinicId, clinicId), eq(a.labOrderId, labOrderId)));
  await removeAttachmentFiles(files, rows);
}
