import { z } from 'zod';
import { id, optionalId } from '../common/schemas.js';

/** The longest note a patient's file keeps (characters). */
export const NOTE_MAX_LENGTH = 2000;

/** The patient whose records a read lists. */
export const patientRecordsInput = z.object({ patientId: id });

/** A note on a patient's file, with who wrote it and when (the list is newest first). */
export const noteItem = z.object({
  id: z.number(),
  patientId: z.number(),
  note: z.string(),
  branchId: z.number().nullable(),
  createdBy: z.number().nullable(),
  /** The author's display name; null when the note has no author (imported) or the user is gone. */
  authorName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const notesOutput = z.object({ items: z.array(noteItem) });

/** Adds a note to the patient's file when `id` is absent, else rewrites that note of the same patient. */
export const saveNoteInput = z.object({
  id: optionalId,
  patientId: id,
  note: z
    .string({ error: 'field_required' })
    .trim()
    .min(1, 'field_required')
    .max(NOTE_MAX_LENGTH, 'note_too_long'),
});

export type PatientRecordsInput = z.output<typeof patientRecordsInput>;
export type NoteItem = z.infer<typeof noteItem>;
export type SaveNoteInput = z.output<typeof saveNoteInput>;
