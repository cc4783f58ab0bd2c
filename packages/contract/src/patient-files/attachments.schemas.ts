import { z } from 'zod';
import { id, optionalId, optionalText } from '../common/schemas.js';

export const ATTACHMENT_TYPES = ['image', 'pdf'] as const;
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];

/** Spec §5 image extensions; images are checked by content on the server (SVG is kept rasterised as PNG). */
export const ATTACHMENT_IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'svg', 'jfif', 'gif'] as const;
/** Every extension the Attachments tab offers: the images and PDF documents. */
export const ATTACHMENT_EXTENSIONS = [...ATTACHMENT_IMAGE_EXTENSIONS, 'pdf'] as const;

/**
 * The largest upload of any call, in MiB, unless the server's `MAX_UPLOAD_MB` says otherwise (it is that setting's
 * default). One rule for every upload: photos, logos and attachments alike.
 */
export const DEFAULT_MAX_UPLOAD_MB = 10;

/**
 * Upload limits of the Attachments tab. `maxFileMb` is per file and is the default upload limit (the server applies
 * its `MAX_UPLOAD_MB`; the browser checks this default first); `maxFiles` per SaveAttachments call.
 */
export const ATTACHMENT_LIMITS = { maxFileMb: DEFAULT_MAX_UPLOAD_MB, maxFiles: 10, commentsMax: 500 } as const;

const comments = optionalText(ATTACHMENT_LIMITS.commentsMax);

/** What the browser sends as a file part (a File or Blob). */
export interface UploadFile {
  readonly size: number;
  readonly type: string;
}

/** SaveAttachments' text fields, as the server reads them from the multipart body. */
export const saveAttachmentsFields = z.object({
  patientId: id,
  comments,
  /** The patient procedure the files document (the treatments module validates it once it exists). */
  patientProcedureId: optionalId,
});
/**
 * SaveAttachments (multipart): the fields above and one or more files in the repeated part `files`
 * (images by content: jpg/jpeg/jfif, png, gif, svg; or PDF documents).
 */
export const saveAttachmentsInput = saveAttachmentsFields.extend({
  files: z.array(z.custom<UploadFile>()).min(1, 'field_required').max(ATTACHMENT_LIMITS.maxFiles, 'too_many_files'),
});

/**
 * A file on a patient's file. `url` and `thumbnailUrl` are short-lived signed links (see `urlsExpireAt`); the
 * list is read again before they expire. PDFs have no thumbnail.
 */
export const attachmentItem = z.object({
  id: z.number(),
  patientId: z.number(),
  attachmentType: z.enum(ATTACHMENT_TYPES),
  fileName: z.string(),
  /** Bytes. */
  size: z.number(),
  comments: z.string().nullable(),
  patientProcedureId: z.number().nullable(),
  branchId: z.number().nullable(),
  createdBy: z.number().nullable(),
  authorName: z.string().nullable(),
  createdAt: z.string(),
  url: z.string(),
  thumbnailUrl: z.string().nullable(),
  urlsExpireAt: z.string(),
});
export const attachmentsOutput = z.object({ items: z.array(attachmentItem) });

/**
 * Ties an attachment to a patient procedure (null unties it) and/or changes its comments. A field left out is
 * left unchanged; empty comments clear them.
 */
export const updateAttachmentProcedureInput = z.object({
  id,
  patientProcedureId: id.nullable().optional(),
  comments,
});

export type AttachmentItem = z.infer<typeof attachmentItem>;
export type SaveAttachmentsFields = z.output<typeof saveAttachmentsFields>;
export type UpdateAttachmentProcedureInput = z.output<typeof updateAttachmentProcedureInput>;

/**
 * The kind a file name suggests ('image' or 'pdf'), or null for an extension the Attachments tab does not take.
 * Only a first check in the browser: the server decides by the content.
 */
export function attachmentKindOfName(name: string): AttachmentType | null {
  const ext = /\.([^./\\]+)$/.exec(name.trim())?.[1]?.toLowerCase() ?? '';
  if (ext === 'pdf') return 'pdf';
  return (ATTACHMENT_IMAGE_EXTENSIONS as readonly string[]).includes(ext) ? 'image' : null;
}
