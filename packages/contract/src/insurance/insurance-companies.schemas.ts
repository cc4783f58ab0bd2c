import { z } from 'zod';
import { email, listInput, optionalId, optionalText, requiredText } from '../common/schemas.js';
import { mobile } from '../users/users.schemas.js';
import { parsePercentage } from '../common/decimal-text.js';

/** An empty text (a cleared form field) means "no value". */
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

/** The name every clinic's default insurance company starts with (migration 0005 uses the same text). */
export const DEFAULT_INSURANCE_COMPANY_NAME = 'التأمين الافتراضي';

/**
 * The share of a procedure's price the company pays: 0 to 100 with at most 2 decimals, given as text ("80",
 * "12.5") or a JSON number, kept as decimal text ("80.00") from end to end.
 */
export const coveragePercentage = z
  .union([z.string(), z.number()], {
    error: (issue) =>
      issue.input === undefined || issue.input === null ? 'field_required' : 'coverage_percentage_invalid',
  })
  .refine((v) => !(typeof v === 'string' && v.trim() === ''), 'field_required')
  .transform((v, ctx) => {
    const text = parsePercentage(v);
    if (text === null) {
      ctx.addIssue({ code: 'custom', message: 'coverage_percentage_invalid' });
      return z.NEVER;
    }
    return text;
  });

/** An insurance company the clinic works with (spec §3 Insurance). */
export const insuranceCompanyItem = z.object({
  id: z.number(),
  name: z.string(),
  contactPerson: z.string().nullable(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  /** Decimal text, "80.00". */
  coveragePercentage: z.string(),
  requiresApproval: z.boolean(),
  notes: z.string().nullable(),
  isActive: z.boolean(),
  /** The clinic's default company: it may be renamed but never deleted or deactivated. */
  isDefault: z.boolean(),
  /** Patients (not deleted) whose insurance is this company. */
  patientCount: z.number(),
  createdAt: z.string(),
});

export const INSURANCE_COMPANY_SORT_FIELDS = ['name', 'coveragePercentage', 'patientCount', 'createdAt'] as const;
export const insuranceCompanyListInput = listInput(INSURANCE_COMPANY_SORT_FIELDS).extend({
  /** `true` lists only the active companies (the patient form's dropdown). A query string carries it as text. */
  activeOnly: z.union([z.boolean(), z.stringbool()], { error: 'field_invalid' }).optional(),
});

/**
 * Creates a company when `id` is absent, else updates it. The name is unique in the clinic, ignoring case; the
 * mobile is an international number (spec §5 phone input) and, like the other contact fields, optional.
 */
export const saveInsuranceCompanyInput = z.object({
  id: optionalId,
  name: requiredText(150),
  contactPerson: optionalText(150),
  mobile: z.preprocess(blankToNull, mobile.optional().nullable()),
  email: z.preprocess(blankToNull, email.optional().nullable()),
  address: optionalText(300),
  coveragePercentage,
  requiresApproval: z.boolean({ error: 'field_invalid' }).default(false),
  notes: optionalText(1000),
  isActive: z.boolean({ error: 'field_invalid' }).default(true),
});

export type InsuranceCompanyItem = z.infer<typeof insuranceCompanyItem>;
export type InsuranceCompanySortField = (typeof INSURANCE_COMPANY_SORT_FIELDS)[number];
export type InsuranceCompanyListInput = z.output<typeof insuranceCompanyListInput>;
export type SaveInsuranceCompanyInput = z.output<typeof saveInsuranceCompanyInput>;
