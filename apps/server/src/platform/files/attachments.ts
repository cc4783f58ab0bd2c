import { ATTACHMENT_LIMITS } from '@dental/contract';
import type { FastifyRequest } from 'fastify';
import { AppError, fail } from '../errors.js';
import { isPdf, storePdf } from './documents.js';
import type { FileStore } from './file-store.js';
import { detectImageType, storeImage } from './images.js';
import { type UploadedFile, readMultipart } from './multipart.js';
import { signedFileUrl } from './signed-urls.js';

/*
 * Attachments: private files a row points to (a patient's files, a lab order's photos and scans). One shape for
 * every module that keeps them: checked by content (image or PDF), stored in the clinic's private folder, listed
 * with short-lived signed links, removed with their rows. Give these functions the call's file store (`deps.files`
 * of a handler, platform/calls.ts): files stored by a call that fails are removed again, and files removed by a
 * call are only removed once its transaction has committed.
 */

/** The clinic's private folder (signed-urls.ts PRIVATE_FOLDERS). */
const FOLDER = 'attachments';
/** The multipart part that carries the files (repeated for several files). */
export const FILES_PART = 'files';

export type AttachmentKind = 'image' | 'pdf';

/** A browser's file name, kept for display only: the last path segment, no control characters, 255 at most. */
export function cleanFileName(name: string | undefined): string {
  // eslint-disable-next-line no-control-regex
  const base = (name ?? '').split(/[\\/]/).pop()!.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (base || 'file').slice(0, 255);
}

/** Image (by content: JPEG/JFIF, PNG, GIF, SVG) or PDF (by its signature); anything else is invalid_image_type. */
export function attachmentTypeOf(data: Buffer): AttachmentKind {
  if (detectImageType(data)) return 'image';
  if (isPdf(data)) return 'pdf';
  return fail('invalid_image_type', { [FILES_PART]: 'invalid_image_type' });
}

/**
 * Reads an attachments form (multipart): its text fields, blank ones left out, parsed by `schema` (400 validation),
 * and its files. A file over `MAX_UPLOAD_MB` (the one upload limit of every call) is 413 attachment_too_large, more
 * than ATTACHMENT_LIMITS.maxFiles files 400 too_many_files.
 */
export async function readAttachmentForm<T>(
  req: FastifyRequest,
  maxUploadMb: number,
  schema: { parse(value: unknown): T },
) {
  const body = await readMultipart(req, maxUploadMb * 1024 * 1024, {
    maxFiles: ATTACHMENT_LIMITS.maxFiles,
    tooLarge: 'attachment_too_large',
    tooMany: 'too_many_files',
  });
  const given = Object.fromEntries(Object.entries(body.fields).filter(([, v]) => v.trim() !== ''));
  return { fields: schema.parse(given), uploads: body.uploads };
}

/** A stored attachment's columns. */
export interface StoredAttachment {
  attachmentType: AttachmentKind;
  fileKey: string;
  thumbnailKey: string | null;
  fileName: string;
  size: number;
}

/**
 * Stores the non-empty files of the part `files`: none is 400 field_required; every file is checked by content
 * before any is kept (400 invalid_image_type); images get a 200×200 thumbnail (SVG is kept rasterised), PDFs none.
 */
export async function storeAttachments(
  files: FileStore,
  clinicId: number,
  uploads: UploadedFile[],
): Promise<StoredAttachment[]> {
  const given = uploads.filter((u) => u.field === FILES_PART && u.data.length > 0);
  if (!given.length) fail('validation', { [FILES_PART]: 'field_required' });
  const typed = given.map((u) => ({ ...u, type: attachmentTypeOf(u.data) }));
  const stored: StoredAttachment[] = [];
  for (const u of typed) {
    let fileKey: string;
    let thumbnailKey: string | null = null;
    if (u.type === 'image') {
      try {
        ({ key: fileKey, thumbnailKey } = await storeImage(files, clinicId, FOLDER, u.data));
      } catch (err) {
        if (err instanceof AppError && err.code === 'invalid_image_type')
          throw new AppError('invalid_image_type', { [FILES_PART]: 'invalid_image_type' });
        throw err;
      }
    } else {
      fileKey = await storePdf(files, clinicId, FOLDER, u.data);
    }
    stored.push({
      attachmentType: u.type,
      fileKey,
      thumbnailKey,
      fileName: cleanFileName(u.fileName),
      size: u.data.length,
    });
  }
  return stored;
}

/** An attachment's signed links (valid about ten minutes, signed-urls.ts). */
export function attachmentLinks(
  secret: string,
  clinicId: number,
  row: { fileKey: string; thumbnailKey: string | null },
  now: number,
) {
  const file = signedFileUrl(secret, clinicId, row.fileKey, now);
  return {
    url: file.url,
    thumbnailUrl: row.thumbnailKey ? signedFileUrl(secret, clinicId, row.thumbnailKey, now).url : null,
    urlsExpireAt: file.expiresAt.toISOString(),
  };
}

/**
 * Removes the attachments' files and thumbnails, best effort (a file that cannot be removed is left behind rather
 * than failing the call). With the call's file store this happens after its transaction has committed.
 */
export async function removeAttachmentFiles(
  files: FileStore,
  rows: Array<{ fileKey: string; thumbnailKey: string | null }>,
) {
  const keys = rows.flatMap((r) => (r.thumbnailKey ? [r.fileKey, r.thumbnailKey] : [r.fileKey]));
  await Promise.all(keys.map((key) => files.remove(key).catch(() => undefined)));
}
