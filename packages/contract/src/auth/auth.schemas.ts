import { z } from 'zod';
import { CLINIC_ROLE_CODES, COUNTRIES, LANGUAGES, ROLE_CODES, THEMES, TIERS, TOOTH_NUMBERING } from '../enums.js';
import { email, requiredText } from '../common/schemas.js';

/** Password rules of spec §5; each failed rule has its own catalogue message. */
export const password = z
  .string({ error: 'field_required' })
  .min(8, 'password_length')
  .max(64, 'field_too_long')
  .regex(/[a-z]/, 'password_lowercase')
  .regex(/[A-Z]/, 'password_uppercase')
  .regex(/[0-9]/, 'password_digit')
  .regex(/[!@#$%^&*]/, 'password_special');

/** The active user of spec §3, stored by the web app. */
export const activeUser = z.object({
  userId: z.number(),
  clinicId: z.number(),
  clinicName: z.string(),
  clinicDisplayName: z.string(),
  branchId: z.number().nullable(),
  displayName: z.string(),
  fullName: z.string(),
  emailAddress: z.string(),
  mobile: z.string().nullable(),
  countryId: z.enum(COUNTRIES).nullable(),
  clinicCountryId: z.enum(COUNTRIES),
  subscriptionType: z.enum(TIERS),
  permissions: z.array(z.string()),
  showMessagePopup: z.boolean(),
  userLanguage: z.enum(LANGUAGES),
  language: z.enum(LANGUAGES),
  theme: z.enum(THEMES),
  userRole: z.enum(ROLE_CODES),
  roleId: z.number().nullable(),
  fcmToken: z.string().nullable(),
  photoJson: z.string().nullable(),
  toothNumberingSystem: z.enum(TOOTH_NUMBERING),
  workingHours: z.string().nullable(),
  timeZone: z.string(),
  currency: z.string(),
});
export type ActiveUser = z.infer<typeof activeUser>;

export const loginInput = z.object({
  clinicName: requiredText(100),
  /** E-mail, user name or mobile. */
  Email: requiredText(200),
  Password: z.string({ error: 'field_required' }).min(1, 'field_required').max(200, 'field_too_long'),
});
export const tokenData = <T extends z.ZodType>(objectData: T) =>
  z.object({ token: z.string(), expiredTokenDate: z.string(), objectData });

export const forgetPasswordInput = z.object({ clinicName: requiredText(100), email });
export const resetByUserInput = z
  .object({ token: requiredText(500), password, confirmPassword: z.string({ error: 'field_required' }) })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: 'password_mismatch' });
export const resetByAdminInput = z
  .object({
    clinicName: requiredText(100),
    userName: requiredText(200),
    code: requiredText(100),
    password,
    confirmPassword: z.string({ error: 'field_required' }),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: 'password_mismatch' });
export const issueResetCodeOutput = z.object({ code: z.string(), expiresAt: z.string() });

export const branchItem = z.object({ branchId: z.number(), name: z.string(), mobile: z.string().nullable() });

/** The provider's own staff (RL0). */
export const adminUser = z.object({ adminId: z.number(), email: z.string(), userRole: z.literal('RL0') });
export const adminLoginInput = z.object({
  Email: email,
  Password: z.string({ error: 'field_required' }).min(1, 'field_required').max(200, 'field_too_long'),
});
export const adminRegisterInput = z
  .object({ email, password, confirmPassword: z.string({ error: 'field_required' }) })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: 'password_mismatch' });

export const clinicRoleCode = z.enum(CLINIC_ROLE_CODES);
