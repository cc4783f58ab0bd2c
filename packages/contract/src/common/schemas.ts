import { z } from 'zod';
import { LIMITS } from '../enums.js';

/**
 * Shared field schemas. Their messages are error-catalogue codes, which the server and the web app
 * translate, so a rule is written once and read in ar, en or fr.
 */
export const id = z.coerce.number({ error: 'field_required' }).int('field_invalid').positive('field_invalid');
export const optionalId = id.optional();
export const requiredText = (max = 200) =>
  z.string({ error: 'field_required' }).trim().min(1, 'field_required').max(max, 'field_too_long');
export const optionalText = (max = 500) => z.string().trim().max(max, 'field_too_long').optional().nullable();
export const email = z.string({ error: 'field_required' }).trim().toLowerCase().email('email_invalid').max(200, 'field_too_long');
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
