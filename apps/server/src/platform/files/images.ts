import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { AppError } from '../errors.js';
import type { FileStore } from './file-store.js';

export type ImageType = 'jpg' | 'png' | 'gif' | 'svg';

/** The image type by content, never by name: JPEG (jpg, jpeg, jfif), PNG, GIF or SVG (spec §5). */
export function detectImageType(data: Buffer): ImageType | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpg';
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (data.length >= 6 && /^GIF8[79]a$/.test(data.subarray(0, 6).toString('latin1'))) return 'gif';
  const head = data.subarray(0, 1024).toString('utf8').replace(/^\uFEFF/, '').trimStart();
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(head)) return 'svg';
  return null;
}

export interface StoredImage {
  /** The image as kept (SVG is rasterised to PNG so no script is ever served). */
  key: string;
  /** A 200×200 WebP thumbnail. */
  thumbnailKey: string;
}

/**
 * Checks an uploaded image by content (else 400 invalid_image_type), stores it under an unguessable key in the
 * clinic's folder, and makes a thumbnail.
 */
export async function storeImage(store: FileStore, clinicId: number, folder: string, data: Buffer): Promise<StoredImage> {
  const type = detectImageType(data);
  if (!type) throw new AppError('invalid_image_type', { formFile: 'invalid_image_type' });
  let kept: Buffer;
  let ext: string;
  try {
    if (type === 'svg') {
      kept = await sharp(data).png().toBuffer();
      ext = 'png';
    } else {
      await sharp(data).metadata(); // refuses a corrupt file that only looks like an image
      kept = data;
      ext = type;
    }
  } catch {
    throw new AppError('invalid_image_type', { formFile: 'invalid_image_type' });
  }
  const base = newFileBase(clinicId, folder);
  const thumbnail = await sharp(kept, { animated: false }).rotate().resize(200, 200, { fit: 'cover' }).webp({ quality: 80 }).toBuffer();
  const key = `${base}.${ext}`;
  const thumbnailKey = `${base}-thumb.webp`;
  await store.put(key, kept);
  await store.put(thumbnailKey, thumbnail);
  return { key, thumbnailKey };
}

/** A new unguessable key (without extension) in a folder of the clinic: `clinics/<clinicId>/<folder>/<128 bits hex>`. */
export const newFileBase = (clinicId: number, folder: string) =>
  `clinics/${clinicId}/${folder}/${randomBytes(16).toString('hex')}`;

/** The URL a browser loads a stored image from (open, capability) route; private folders use signedFileUrl(). */
export const fileUrl = (key: string | null | undefined) => (key ? `/api/files/${key}` : null);
