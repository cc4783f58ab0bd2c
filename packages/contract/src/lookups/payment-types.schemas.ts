import { z } from 'zod';
import { listInput, optionalFrenchName, optionalId, requiredText } from '../common/schemas.js';

/** A way a patient pays (cash, card ...). Every clinic has one default type, Cash, which cannot be deleted. */
export const paymentTypeItem = z.object({
  id: z.number(),
  nameAr: z.string(),
  nameEn: z.string(),
  /** Shown in French; null: the English name is shown. */
  nameFr: z.string().nullable(),
  isActive: z.boolean(),
  isDefault: z.boolean(),
});

export const PAYMENT_TYPE_SORT_FIELDS = ['nameAr', 'nameEn', 'createdAt'] as const;
export const paymentTypeListInput = listInput(PAYMENT_TYPE_SORT_FIELDS).extend({
  /** `true` lists only the active types (for a dropdown). A query string carries it as the text true or false. */
  activeOnly: z.union([z.boolean(), z.stringbool()], { error: 'field_invalid' }).optional(),
});

/**
 * Creates a type when `id` is absent, else updates it. The Arabic and English names are unique in the
 * clinic, ignoring case; the French one is optional.
 */
export const savePaymentTypeInput = z.object({
  id: optionalId,
  nameAr: requiredText(100),
  nameEn: requiredText(100),
  nameFr: optionalFrenchName(100),
  isActive: z.boolean({ error: 'field_invalid' }).default(true),
});

export type PaymentTypeItem = z.infer<typeof paymentTypeItem>;
export type PaymentTypeSortField = (typeof PAYMENT_TYPE_SORT_FIELDS)[number];
export type PaymentTypeListInput = z.output<typeof paymentTypeListInput>;
export type SavePaymentTypeInput = z.output<typeof savePaymentTypeInput>;
