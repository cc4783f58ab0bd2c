import { z } from 'zod';
import { calendarDate, id, optionalId, optionalText, requiredText } from '../common/schemas.js';
import { parsePositiveAmount } from '../common/decimal-text.js';

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

const optionalLimitDate = z.preprocess(blankToNull, calendarDate.optional().nullable());

/**
 * A money amount: positive, at most 2 decimals, fits numeric(14,2); text ("1500", "1500.5") or a JSON number,
 * kept as decimal text ("1500.50") from end to end.
 */
export const limitAmount = z
  .union([z.string(), z.number()], {
    error: (issue) => (issue.input === undefined || issue.input === null ? 'field_required' : 'amount_invalid'),
  })
  .refine((v) => !(typeof v === 'string' && v.trim() === ''), 'field_required')
  .transform((v, ctx) => {
    const text = parsePositiveAmount(v);
    if (text === null) {
      ctx.addIssue({ code: 'custom', message: 'amount_invalid' });
      return z.NEVER;
    }
    return text;
  });

/** An insurance limit of a patient: an amount a company covers over a period (spec §3 Patient, insurance limits). */
export const patientLimitItem = z.object({
  id: z.number(),
  patientId: z.number(),
  title: z.string(),
  /** Decimal text, "1500.00". */
  amount: z.string(),
  insuranceCompany: z.object({ id: z.number(), name: z.string() }).nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  notes: z.string().nullable(),
  createdAt: z.string(),
});

export const patientLimitsInput = z.object({ patientId: id });
/** The patient's limits, newest period first, and their total as decimal text. */
export const patientLimitsOutput = z.object({ items: z.array(patientLimitItem), totalAmount: z.string() });

/** Spec §5 date rule: when both are given, the end date is strictly after the start date. */
export const endsAfterStart = (v: { startDate?: string | null; endDate?: string | null }) =>
  !v.startDate || !v.endDate || v.endDate > v.startDate;

/** Adds a limit to the patient when `id` is absent, else updates that limit of the same patient. */
export const savePatientLimitInput = z
  .object({
    id: optionalId,
    patientId: id,
    title: requiredText(150),
    amount: limitAmount,
    insuranceCompanyId: z.preprocess(blankToNull, optionalId.nullable()),
    startDate: optionalLimitDate,
    endDate: optionalLimitDate,
    notes: optionalText(1000),
  })
  .refine(endsAfterStart, { path: ['endDate'], message: 'date_after_start' });

/** Deletes a limit of the patient. */
export const deletePatientLimitInput = z.object({ id, patientId: id });

export type PatientLimitItem = z.infer<typeof patientLimitItem>;
export type PatientLimitsOutput = z.infer<typeof patientLimitsOutput>;
export type SavePatientLimitInput = z.output<typeof savePatientLimitInput>;
