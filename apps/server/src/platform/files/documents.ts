import type { FileStore } from './file-store.js';
import { newFileBase } from './images.js';

/** Whether the content is a PDF document (it starts with the `%PDF-` signature). */
export const isPdf = (data: Buffer) => data.length > 5 && data.subarray(0, 5).toString('latin1') === '%PDF-';

/** Stores a PDF (already checked with isPdf) under an unguessable key in the clinic's folder; returns the key. */
export async function storePdf(store: FileStore, clinicId: number, folder: string, data: Buffer): Promise<string> {
  const key = `${newFileBase(clinicId, folder)}.pdf`;
  await store.put(key, data);
  return key;
}
