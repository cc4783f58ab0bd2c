import { z } from 'zod';
import { COUNTRIES, CURRENCIES, TIERS } from '../enums.js';
import { clinicLoginName, email, id, listInput, requiredEnum, requiredText } from '../common/schemas.js';
import { password } from '../auth/auth.schemas.js';

/*
 * The provider's console (RL0 staff): every clinic, its subscription tier and active flag, creating a clinic
 * with its owner and first branch, deleting an empty clinic.
 */

/** A user name that survives login normalisation (which drops spaces and dashes): letters, digits, dot, underscore. */
export const PROVIDER_USER_NAME_PATTERN = /^[A-Za-z0-9._]{3,50}$/;
export const providerUserName = z
  .string({ error: 'field_required' })
  .trim()
  .min(1, 'field_required')
  .regex(PROVIDER_USER_NAME_PATTERN, 'user_name_invalid');

/** Whether the runtime knows this IANA time zone (Node and browsers share the ICU data). */
export function isIanaTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return value.length > 0;
  } catch {
    return false;
  }
}
export const ianaTimeZone = z
  .string({ error: 'field_required' })
  .trim()
  .min(1, 'field_required')
  .max(64, 'field_too_long')
  .refine(isIanaTimeZone, 'time_zone_invalid');

/** An optional phone number: spaces, dashes, dots and brackets dropped, then an optional + and 6-19 digits. */
export const providerPhone = z.preprocess(
  (v) => (typeof v === 'string' ? v.replace(/[\s\-().]/g, '') || undefined : (v ?? undefined)),
  z
    .string({ error: 'phone_invalid' })
    .regex(/^\+?\d{6,19}$/, 'phone_invalid')
    .optional(),
);

export const providerClinicItem = z.object({
  id: z.number(),
  clinicName: z.string(),
  displayName: z.string(),
  countryId: z.enum(COUNTRIES),
  currency: z.enum(CURRENCIES),
  subscriptionType: z.enum(TIERS),
  isActive: z.boolean(),
  branchCount: z.number(),
  userCount: z.number(),
  createdAt: z.string(),
});

export const PROVIDER_CLINIC_SORT_FIELDS = ['clinicName', 'displayName', 'subscriptionType', 'createdAt'] as const;
export const providerClinicListInput = listInput(PROVIDER_CLINIC_SORT_FIELDS).extend({
  subscriptionType: z.enum(TIERS, { error: 'field_invalid' }).optional(),
  /** A query string carries it as the text true or false. */
  isActive: z.union([z.boolean(), z.stringbool()], { error: 'field_invalid' }).optional(),
});

export const providerClinicOwnerInput = z.object({
  fullName: requiredText(100),
  userName: providerUserName,
  email,
  mobile: providerPhone,
  password,
});

/** A new clinic with its first branch and its owner (role RL1). The clinic name is unique, ignoring case. */
export const createClinicInput = z.object({
  clinicName: clinicLoginName,
  displayName: requiredText(200),
  countryId: requiredEnum(COUNTRIES),
  currency: requiredEnum(CURRENCIES),
  timeZone: ianaTimeZone,
  subscriptionType: requiredEnum(TIERS),
  branchName: requiredText(100),
  branchMobile: providerPhone,
  owner: providerClinicOwnerInput,
});
export const createClinicOutput = z.object({ clinicId: z.number(), branchId: z.number(), ownerId: z.number() });

export const providerClinicIdInput = z.object({ clinicId: id });
export const setClinicSubscriptionInput = z.object({ clinicId: id, subscriptionType: requiredEnum(TIERS) });
export const setClinicActiveInput = z.object({
  clinicId: id,
  isActive: z.boolean({ error: (i) => (i.input === undefined ? 'field_required' : 'field_invalid') }),
});

/** Country defaults the create form proposes (the provider may change them). */
export const CLINIC_COUNTRY_DEFAULTS: Record<
  (typeof COUNTRIES)[number],
  { currency: (typeof CURRENCIES)[number]; timeZone: string }
> = {
  CN1: { currency: 'USD', timeZone: 'Asia/Aden' },
  CN2: { currency: 'SAR', timeZone: 'Asia/Riyadh' },
  CN3: { currency: 'EGP', timeZone: 'Africa/Cairo' },
};

export type ProviderClinicItem = z.infer<typeof providerClinicItem>;
export type ProviderClinicSortField = (typeof PROVIDER_CLINIC_SORT_FIELDS)[number];
export type ProviderClinicListInput = z.output<typeof providerClinicListInput>;
export type CreateClinicInput = z.output<typeof createClinicInput>;
export type SetClinicSubscriptionInput = z.output<typeof setClinicSubscriptionInput>;
export type SetClinicActiveInput = z.output<typeof setClinicActiveInput>;
