import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';

export interface MultipartBody {
  fields: Record<string, string>;
  files: Record<string, Buffer>;
}

/** Reads a multipart request whole (fields as text, files as buffers); a file over the size limit is a 413. */
export async function readMultipart(req: FastifyRequest, maxBytes: number): Promise<MultipartBody> {
  if (!req.isMultipart()) throw new AppError('validation', { formFile: 'field_required' });
  const fields: Record<string, string> = {};
  const files: Record<string, Buffer> = {};
  for await (const part of req.parts({ limits: { fileSize: maxBytes } })) {
    if (part.type === 'file') {
      const data = await part.toBuffer();
      if (part.file.truncated) throw new AppError('file_too_large');
      files[part.fieldname] = data;
    } else {
      fields[part.fieldname] = String(part.value ?? '');
    }
  }
  return { fields, files };
}
