import { z } from 'zod';
import { LIMITS } from '../enums.js';

/**
 * Shared field schemas. Their messages are error-catalogue codes, which the server and the web app
 * translate, so a rule is written once and read in ar, en or fr.
 */
/** A missing value reads "required", anything else wrong reads "invalid". */
const requiredOrInvalid = (issue: { input?: unknown }) => (issue.input === undefined ? 'field_required' : 'field_invalid');
/** A record id; query strings carry it as text. Missing reads "required", "abc" or -1 reads "invalid". */
export const id = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
  z.number({ error: requiredOrInvalid }).int('field_invalid').positive('field_invalid'),
);
/** An enum field: missing → field_required, unknown value → field_invalid. */
export const requiredEnum = <const T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: requiredOrInvalid });
export const optionalId = id.optional();
/** The calendar dates a field may hold: wide for birth dates and plans, and far inside what PostgreSQL stores. */
export const DATE_RANGE = { min: '1900-01-01', max: '2999-12-31' } as const;
/** Whether an instant (an ISO date-time text) falls within DATE_RANGE, read in UTC. */
export const instantInDateRange = (v: string) => {
  const t = Date.parse(v);
  return t >= Date.parse(`${DATE_RANGE.min}T00:00:00Z`) && t <= Date.parse(`${DATE_RANGE.max}T23:59:59.999Z`);
};
/**
 * A calendar date 'YYYY-MM-DD': a real day (2025-02-30 is refused) within DATE_RANGE (year 0 or 9999-12-31 would
 * reach PostgreSQL as an error). Missing reads "required", anything else "invalid".
 */
export const calendarDate = z
  .string({ error: requiredOrInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'field_invalid')
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v) && v >= DATE_RANGE.min && v <= DATE_RANGE.max;
  }, 'field_invalid');
export const requiredText = (max = 200) =>
  z.string({ error: 'field_required' }).trim().min(1, 'field_required').max(max, 'field_too_long');
export const optionalText = (max = 500) => z.string().trim().max(max, 'field_too_long').optional().nullable();
export const email = z.string({ error: 'field_required' }).trim().toLowerCase().email('email_invalid').max(200, 'field_too_long');
/** The clinic's login name: letters, digits and dashes, 3-50. It is part of the login URL and unique, ignoring case. */
export const CLINIC_LOGIN_NAME_PATTERN = /^[A-Za-z0-9-]{3,50}$/;
export const clinicLoginName = z
  .string({ error: 'field_required' })
  .trim()
  .min(1, 'field_required')
  .regex(CLINIC_LOGIN_NAME_PATTERN, 'clinic_name_invalid');
/** One coordinate in degrees, optional: latitude coordinate(90), longitude coordinate(180). */
export const coordinate = (max: number) =>
  z.number({ error: 'field_invalid' }).min(-max, 'field_invalid').max(max, 'field_invalid').optional().nullable();
/** Both coordinates or neither: a lone one is field_required on the other. */
export const bothCoordinates = (
  v: { latitude?: number | null; longitude?: number | null },
  ctx: { addIssue: (issue: { code: 'custom'; path: string[]; message: string }) => void },
) => {
  if (v.latitude == null && v.longitude != null) ctx.addIssue({ code: 'custom', path: ['latitude'], message: 'field_required' });
  if (v.longitude == null && v.latitude != null) ctx.addIssue({ code: 'custom', path: ['longitude'], message: 'field_required' });
};
export const hexColor = z.string({ error: 'field_required' }).regex(/^#[0-9a-fA-F]{6}$/, 'field_invalid');
export const idInput = z.object({ id });
export const idsInput = z.object({ ids: z.array(id, { error: 'field_required' }).min(1, 'field_required').max(500, 'field_invalid') });
export const okOutput = z.object({ ok: z.literal(true) });
export const savedOutput = z.object({ id: z.number() });

export const SORT_ORDERS = ['ascend', 'descend'] as const;
/** List input: search text, sorting, paging (default page size 30, spec §9). */
export const listInput = <S extends readonly [string, ...string[]]>(sortFields: S) =>
  z.object({
    search: z.string().trim().max(100, 'field_too_long').optional(),
    sortField: z.enum(sortFields, { error: 'field_invalid' }).optional(),
    sortOrder: z.enum(SORT_ORDERS, { error: 'field_invalid' }).optional(),
    page: z.coerce.number().int('field_invalid').min(1, 'field_invalid').default(1),
    pageSize: z.coerce.number().int('field_invalid').min(1, 'field_invalid').max(200, 'field_invalid').default(LIMITS.pageSize),
  });
export const listOutput = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number(), page: z.number(), pageSize: z.number() });
export type ListResult<T> = { items: T[]; total: number; page: number; pageSize: number };

/** An optional French name (`max` like the other names): empty means "show the English one", carried as null. */
export const optionalFrenchName = (max: number) => optionalText(max).transform((v) => (v ? v : null));
