import type { FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { patientsCalls } from '@dental/contract';
import type { Config } from '../../platform/config.js';
import type { Tx } from '../../platform/db/types.js';
import { fail } from '../../platform/errors.js';
import type { FileStore } from '../../platform/files/file-store.js';
import { fileUrl, storeImage } from '../../platform/files/images.js';
import { readMultipart } from '../../platform/files/multipart.js';
import { type PatientScope, findPatient } from './patient-guard.js';
import { patients } from './patients.table.js';

/**
 * SavePatientPhoto (multipart: patientId, formFile): checked by content, stored with a thumbnail; the previous
 * files are removed.
 */
export async function savePatientPhoto(
  tx: Tx,
  scope: PatientScope,
  req: FastifyRequest,
  deps: { files: FileStore; config: Config },
) {
  const body = await readMultipart(req, deps.config.MAX_UPLOAD_MB * 1024 * 1024);
  const { patientId } = patientsCalls.savePatientPhoto.input.parse(body.fields);
  const { clinicId } = scope;
  const patient = await findPatient(tx, scope, patientId);
  const file = body.files.formFile;
  if (!file?.length) return fail('validation', { formFile: 'field_required' });
  const stored = await storeImage(deps.files, clinicId, 'patients', file);
  await tx
    .update(patients)
    .set({ photoKey: stored.key, photoThumbKey: stored.thumbnailKey, updatedAt: new Date() })
    .where(and(eq(patients.clinicId, clinicId), eq(patients.id, patient.id)));
  for (const key of [patient.photoKey, patient.photoThumbKey])
    if (key) await deps.files.remove(key).catch(() => undefined);
  return { photoUrl: fileUrl(stored.key)!, photoThumbnailUrl: fileUrl(stored.thumbnailKey)! };
}
