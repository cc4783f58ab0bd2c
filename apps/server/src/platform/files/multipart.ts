import type { ErrorCode } from '@dental/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import { refuseNul } from '../input-text.js';

/** One file part of a multipart body, in the order it came. */
export interface UploadedFile {
  field: string;
  /** The name the browser gave (never used as a storage key). */
  fileName: string;
  mimeType: string;
  data: Buffer;
}

export interface MultipartBody {
  fields: Record<string, string>;
  /** The last file of each part name (single-file forms). */
  files: Record<string, Buffer>;
  /** Every file, repeated part names included (multi-file forms). */
  uploads: UploadedFile[];
}

export interface MultipartOptions {
  /** Most files in one request (the plugin's default otherwise); more is 400 `tooMany`. */
  maxFiles?: number;
  /** The code of a file over maxBytes (413 file_too_large by default). */
  tooLarge?: ErrorCode;
  tooMany?: ErrorCode;
}

const codeOf = (err: unknown) => (err as { code?: string } | null)?.code;
const statusOf = (err: unknown) => (err as { statusCode?: number } | null)?.statusCode ?? 0;

/**
 * Reads a multipart request whole (fields as text, files as buffers); a file over the size limit is a 413. A body
 * the parser cannot read (no boundary, cut short, malformed parts) is a 400 `multipart_invalid`; a NUL in a field
 * name, a field value or a file name is a 400 `text_nul_character`.
 */
export async function readMultipart(
  req: FastifyRequest,
  maxBytes: number,
  opts: MultipartOptions = {},
): Promise<MultipartBody> {
  if (!req.isMultipart()) throw new AppError('validation', { formFile: 'field_required' });
  const fields: Record<string, string> = {};
  const files: Record<string, Buffer> = {};
  const uploads: UploadedFile[] = [];
  const limits = { fileSize: maxBytes, ...(opts.maxFiles ? { files: opts.maxFiles } : {}) };
  try {
    for await (const part of req.parts({ limits })) {
      refuseNul({ [part.fieldname]: part.type === 'file' ? part.filename : part.value });
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.file.truncated) throw new AppError(opts.tooLarge ?? 'file_too_large');
        files[part.fieldname] = data;
        uploads.push({ field: part.fieldname, fileName: part.filename, mimeType: part.mimetype, data });
      } else {
        fields[part.fieldname] = String(part.value ?? '');
      }
    }
  } catch (err) {
    if (codeOf(err) === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(opts.tooLarge ?? 'file_too_large');
    if (codeOf(err) === 'FST_FILES_LIMIT' && opts.tooMany) throw new AppError(opts.tooMany);
    if (err instanceof AppError || (statusOf(err) >= 400 && statusOf(err) < 500)) throw err;
    throw new AppError('multipart_invalid');
  }
  return { fields, files, uploads };
}
