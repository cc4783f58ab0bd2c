import { z } from 'zod';
import { hexColor, id, optionalId, optionalText, requiredEnum, requiredText } from '../common/schemas.js';
import { ALL_TEETH, isValidTooth } from './tooth-numbering.js';

/*
 * The dental chart of a patient (spec §3 Teeth): per tooth a whole-tooth colour, colours per surface, extras with
 * a status, custom parts and extensions; notes and root-canal measurements per tooth. Teeth are FDI numbers.
 */

/** A missing value reads "required", anything else wrong reads `invalid`. */
const requiredOr = (invalid: 'field_invalid' | 'tooth_invalid' | 'canal_length_invalid') => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? 'field_required' : invalid;

/** An FDI tooth number (adult 11-48, child 51-85); query strings carry it as text. */
export const toothNumber = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
  z.number({ error: requiredOr('tooth_invalid') }).refine(isValidTooth, 'tooth_invalid'),
);

/**
 * The five surfaces: M mesial, D distal, B buccal (labial on front teeth), L lingual (palatal on upper teeth),
 * O occlusal — on incisors and canines O is the incisal edge.
 */
export const TOOTH_SURFACES = ['M', 'D', 'B', 'L', 'O'] as const;
export type ToothSurface = (typeof TOOTH_SURFACES)[number];

/**
 * Extras: what is on or planned for a tooth, each at most once per tooth, with a status. `missing` is a tooth
 * that is absent; `extraction` a tooth to be (planned) or that was (done) extracted.
 */
export const TOOTH_EXTRA_CODES = [
  'crown',
  'bridge',
  'implant',
  'rootCanal',
  'filling',
  'sealant',
  'veneer',
  'extraction',
  'missing',
] as const;
export type ToothExtraCode = (typeof TOOTH_EXTRA_CODES)[number];
/** planned: treatment plan; existing: found at examination (done elsewhere or before); done: done in this clinic. */
export const TOOTH_EXTRA_STATUSES = ['planned', 'existing', 'done'] as const;
export type ToothExtraStatus = (typeof TOOTH_EXTRA_STATUSES)[number];

/**
 * Extensions: appliances that reach beyond the tooth — a pontic (the false tooth of a bridge), a splint joining
 * teeth, an orthodontic bracket, a denture clasp, or something else described by the note.
 */
export const TOOTH_EXTENSION_KINDS = ['pontic', 'splint', 'bracket', 'clasp', 'other'] as const;
export type ToothExtensionKind = (typeof TOOTH_EXTENSION_KINDS)[number];

const color = hexColor.toLowerCase();

export const toothExtra = z.object({
  code: requiredEnum(TOOTH_EXTRA_CODES),
  status: requiredEnum(TOOTH_EXTRA_STATUSES),
});
/** A custom part of a tooth the clinic names itself (e.g. "cusp MB", "post"), drawn in its colour. */
export const toothPart = z.object({ name: requiredText(50), color });
export const toothExtension = z.object({ kind: requiredEnum(TOOTH_EXTENSION_KINDS), note: optionalText(200) });

export const toothExtras = z
  .array(toothExtra, { error: 'field_invalid' })
  .max(TOOTH_EXTRA_CODES.length, 'field_invalid')
  .refine((list) => new Set(list.map((e) => e.code)).size === list.length, 'field_invalid');
export const toothParts = z.array(toothPart, { error: 'field_invalid' }).max(10, 'field_invalid');
export const toothExtensions = z.array(toothExtension, { error: 'field_invalid' }).max(10, 'field_invalid');

/** The surface colours of a charted tooth: only the coloured surfaces are present. */
export const toothSurfaceColors = z.partialRecord(z.enum(TOOTH_SURFACES), z.string());

/** The charted state of one tooth (a tooth never charted, or cleared, has no entry). */
export const chartedTooth = z.object({
  tooth: z.number(),
  color: z.string().nullable(),
  surfaces: toothSurfaceColors,
  extras: z.array(toothExtra),
  parts: z.array(toothPart),
  extensions: z.array(toothExtension),
  updatedAt: z.string(),
});
export const patientTeethOutput = z.object({ teeth: z.array(chartedTooth) });

export const patientInput = z.object({ patientId: id });
export const patientToothInput = z.object({ patientId: id, tooth: toothNumber });

/**
 * One tooth of a SavePatientTeeth request. Only what is given changes; the rest of the tooth stays:
 * - `clear: true` first removes everything charted on the tooth;
 * - `color` sets the whole-tooth colour (null removes it);
 * - `surfaces` paints the listed surfaces with one colour (null removes their colours), other surfaces stay;
 *   at least one surface must be listed;
 * - `extras`, `parts`, `extensions` replace those lists.
 */
export const toothChange = z.object({
  tooth: toothNumber,
  clear: z.boolean({ error: 'field_invalid' }).optional(),
  color: color.nullable().optional(),
  surfaces: z
    .object({
      codes: z
        .array(requiredEnum(TOOTH_SURFACES), { error: requiredOr('field_invalid') })
        .min(1, 'select_surface')
        .refine((c) => new Set(c).size === c.length, 'field_invalid'),
      color: color.nullable(),
    })
    .optional(),
  extras: toothExtras.optional(),
  parts: toothParts.optional(),
  extensions: toothExtensions.optional(),
});

/** Charts one or more teeth of a patient; each tooth at most once. A tooth left with nothing charted is removed. */
export const savePatientTeethInput = z.object({
  patientId: id,
  teeth: z
    .array(toothChange, { error: requiredOr('field_invalid') })
    .min(1, 'select_tooth')
    .max(ALL_TEETH.length, 'field_invalid')
    .superRefine((teeth, ctx) => {
      const seen = new Set<number>();
      teeth.forEach((t, i) => {
        if (seen.has(t.tooth)) ctx.addIssue({ code: 'custom', path: [i, 'tooth'], message: 'field_invalid' });
        seen.add(t.tooth);
      });
    }),
});

/** Badges: how many notes (or canals) each tooth of a patient has; teeth without any are left out. */
export const toothCountsOutput = z.object({ items: z.array(z.object({ tooth: z.number(), count: z.number() })) });

const author = z.object({ id: z.number(), name: z.string() }).nullable();

export const toothNote = z.object({
  id: z.number(),
  tooth: z.number(),
  note: z.string(),
  createdBy: author,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const toothNotesOutput = z.object({ items: z.array(toothNote) });
/** Adds a note to a tooth (no id) or rewrites one of the patient's notes (it may move to another tooth). */
export const saveToothNoteInput = z.object({
  id: optionalId,
  patientId: id,
  tooth: toothNumber,
  note: requiredText(2000),
});
/** Deletes some of the patient's tooth notes (or canals); every id must be one of that patient's. */
export const deleteToothItemsInput = z.object({
  patientId: id,
  ids: z.array(id, { error: 'field_required' }).min(1, 'field_required').max(100, 'field_invalid'),
});

/** Canal length text: up to 2 integer digits and up to 2 decimals, millimetres (the column is numeric(5,2)). */
const LENGTH_PATTERN = /^(\d{1,2})(?:\.(\d{1,2}))?$/;
export const CANAL_LENGTH_LIMITS = { min: '0.50', max: '99.99' } as const;

/**
 * A working length in millimetres, 0.5 to 99.99 with at most 2 decimals, given as text ("21.5") or a JSON number;
 * returned as decimal text with 2 decimals ("21.50"), never through a float. Null when not a valid length.
 */
export function parseCanalLength(value: unknown): string | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : typeof value === 'string' ? value.trim() : '';
  const m = LENGTH_PATTERN.exec(text);
  if (!m) return null;
  const whole = Number.parseInt(m[1]!, 10);
  const cents = (m[2] ?? '').padEnd(2, '0');
  if (whole === 0 && Number(cents) < 50) return null;
  return `${whole}.${cents}`;
}

export const canalLength = z
  .union([z.string(), z.number()], { error: requiredOr('canal_length_invalid') })
  .refine((v) => !(typeof v === 'string' && v.trim() === ''), 'field_required')
  .transform((v, ctx) => {
    const length = parseCanalLength(v);
    if (length === null) {
      ctx.addIssue({ code: 'custom', message: 'canal_length_invalid' });
      return z.NEVER;
    }
    return length;
  });

export const toothCanal = z.object({
  id: z.number(),
  tooth: z.number(),
  /** The canal, e.g. MB, DB, P, D, ML. */
  canalName: z.string(),
  /** Millimetres, decimal text ("21.50"). */
  length: z.string(),
  /** The landmark the length is measured from (e.g. "MB cusp"). */
  referencePoint: z.string().nullable(),
  createdBy: author,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const toothCanalsOutput = z.object({ items: z.array(toothCanal) });
/** Adds a canal measurement (no id) or updates one of the patient's. */
export const saveToothCanalInput = z.object({
  id: optionalId,
  patientId: id,
  tooth: toothNumber,
  canalName: requiredText(20),
  length: canalLength,
  referencePoint: optionalText(50),
});

export type ToothExtra = z.infer<typeof toothExtra>;
export type ToothPart = z.infer<typeof toothPart>;
export type ToothExtension = z.infer<typeof toothExtension>;
export type ChartedTooth = z.infer<typeof chartedTooth>;
export type ToothChange = z.input<typeof toothChange>;
export type SavePatientTeethInput = z.output<typeof savePatientTeethInput>;
export type ToothNote = z.infer<typeof toothNote>;
export type SaveToothNoteInput = z.output<typeof saveToothNoteInput>;
export type ToothCanal = z.infer<typeof toothCanal>;
export type SaveToothCanalInput = z.output<typeof saveToothCanalInput>;
export type DeleteToothItemsInput = z.output<typeof deleteToothItemsInput>;
