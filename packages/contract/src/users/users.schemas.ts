import { z } from 'zod';
import { password } from '../auth/auth.schemas.js';
import { email, id, listInput, optionalId, optionalText, requiredEnum, requiredText } from '../common/schemas.js';
import { CLINIC_ROLE_CODES, COUNTRIES, LANGUAGES, THEMES, TOOTH_NUMBERING } from '../enums.js';
import { END_TIME_PATTERN, MAX_SHIFTS_PER_DAY, START_TIME_PATTERN, workingHoursIssues } from './working-hours.js';

/** Missing reads "required", anything else wrong reads "invalid" (as for ids). */
const requiredOrInvalid = (issue: { input?: unknown }) =>
  issue.input === undefined ? 'field_required' : 'field_invalid';

/**
 * A user name that survives login normalisation (which lower-cases and drops spaces and dashes) and can never be
 * mistaken for an e-mail (no @) or a mobile (no +): 3-50 Latin letters, digits, dots or underscores.
 */
export const USER_NAME_PATTERN = /^[A-Za-z0-9._]{3,50}$/;
export const userName = z
  .string({ error: 'field_required' })
  .trim()
  .min(1, 'field_required')
  .regex(USER_NAME_PATTERN, 'user_name_invalid');

/** International mobile (spec §5 phone input): a + and 8-15 digits once spaces, dashes, dots and brackets are gone. */
export const MOBILE_PATTERN = /^\+[1-9]\d{7,14}$/;
export const MOBILE_MAX_LENGTH = 20;
export const normalizeMobile = (value: string) => value.replace(/[\s\-().]/g, '');
export const mobile = z
  .string({ error: 'field_required' })
  .trim()
  .min(1, 'field_required')
  .max(MOBILE_MAX_LENGTH, 'field_too_long')
  .transform(normalizeMobile)
  .pipe(z.string().regex(MOBILE_PATTERN, 'phone_invalid'));

/**
 * A mobile as typed (issue 18): international (+201001234567, 00201001234567) or in the clinic's national form
 * (010 1234 5678); spaces, dashes, dots and brackets are dropped. The server reads it against the clinic's country
 * with libphonenumber, refuses what is not a valid mobile there (phone_invalid, phone_not_mobile) and stores E.164.
 */
export const typedMobile = z
  .string({ error: 'field_required' })
  .trim()
  .min(1, 'field_required')
  .max(MOBILE_MAX_LENGTH, 'field_too_long')
  .transform(normalizeMobile)
  .pipe(z.string().regex(/^\+?\d{4,17}$/, 'phone_invalid'));

const branchIds = z.array(id, { error: requiredOrInvalid }).min(1, 'field_required').max(100, 'field_invalid');

/** A user's home branch is one of the branches they work in. */
const homeBranchIn = <T extends { branchId: number; branchIds: number[] }>(v: T) => v.branchIds.includes(v.branchId);

/**
 * A new user of the clinic (/register). The password is the one the form generated (or typed) and is shown to
 * the admin once; the role must be one of the clinic's, the branches the clinic's, the home branch one of them.
 */
export const registerInput = z
  .object({
    fullName: requiredText(100),
    /** Defaults to the full name. */
    displayName: optionalText(100),
    userName,
    email,
    mobile: typedMobile,
    password,
    roleId: id,
    branchIds,
    /** The home branch. */
    branchId: id,
    countryId: requiredEnum(COUNTRIES),
    language: requiredEnum(LANGUAGES).default('ar'),
    /** Takes appointments (listed as a doctor on the calendar); default: whether the role acts as RL3. */
    isDoctor: z.boolean({ error: 'field_invalid' }).optional(),
  })
  .refine(homeBranchIn, { path: ['branchId'], message: 'home_branch_required' });

/** Edits a user's own data (the role is changed with RolePermission/SaveUserRole, the branches with UpdateUserBranch). */
export const updateUserInput = z.object({
  id,
  fullName: requiredText(100),
  displayName: optionalText(100),
  userName,
  email,
  mobile: typedMobile,
  countryId: requiredEnum(COUNTRIES),
  isActive: z.boolean({ error: 'field_invalid' }).default(true),
  /** Takes appointments; left out keeps the current value. */
  isDoctor: z.boolean({ error: 'field_invalid' }).optional(),
  /** The home branch: one of the branches the user works in. */
  branchId: id,
});

/** Replaces the branches a user may work in; the list includes the user's home branch. */
export const updateUserBranchInput = z.object({ userId: id, branchIds });

export const shiftSchema = z.object({
  start: z.string({ error: 'field_required' }).regex(START_TIME_PATTERN, 'invalid_working_hours'),
  end: z.string({ error: 'field_required' }).regex(END_TIME_PATTERN, 'invalid_working_hours'),
});
export const workingDaySchema = z.object({
  dayOfWeek: z
    .number({ error: requiredOrInvalid })
    .int('field_invalid')
    .min(0, 'field_invalid')
    .max(6, 'field_invalid'),
  shifts: z.array(shiftSchema, { error: requiredOrInvalid }).max(MAX_SHIFTS_PER_DAY, 'field_invalid'),
});
/**
 * Replaces a user's working week. Each shift starts before it ends (an end may be 24:00); the shifts of a day
 * do not overlap; a day appears once. A broken rule reads 'invalid working hours' on the field it concerns.
 */
export const updateWorkingDaysInput = z
  .object({ userId: id, days: z.array(workingDaySchema, { error: requiredOrInvalid }).max(7, 'field_invalid') })
  .superRefine((value, ctx) => {
    for (const issue of workingHoursIssues(value.days))
      ctx.addIssue({ code: 'custom', path: ['days', ...issue.path], message: issue.code });
  });

export const USER_SORT_FIELDS = ['fullName', 'userName', 'email', 'createdAt'] as const;
/** Search (name, user name, e-mail or mobile), filters, sort, page. Deleted users are never listed. */
export const usersSearchInput = listInput(USER_SORT_FIELDS).extend({
  roleId: optionalId,
  branchId: optionalId,
  isActive: z.boolean({ error: 'field_invalid' }).optional(),
});

export const userBranchRef = z.object({ id: z.number(), name: z.string() });

/** A row of /UsersList. */
export const userItem = z.object({
  id: z.number(),
  userName: z.string(),
  fullName: z.string(),
  displayName: z.string(),
  email: z.string(),
  mobile: z.string().nullable(),
  roleId: z.number(),
  roleNameAr: z.string(),
  roleNameEn: z.string(),
  /** The role's French name (null: none, see localRoleName). */
  roleNameFr: z.string().nullable(),
  baseRole: z.enum(CLINIC_ROLE_CODES),
  /** The home branch. */
  branchId: z.number().nullable(),
  branches: z.array(userBranchRef),
  countryId: z.enum(COUNTRIES).nullable(),
  isActive: z.boolean(),
  isDoctor: z.boolean(),
  photoUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  createdAt: z.string(),
});

export const shiftOutput = z.object({ start: z.string(), end: z.string() });
export const workingDayOutput = z.object({ dayOfWeek: z.number(), shifts: z.array(shiftOutput) });

/** One user for /UserDetails and /UserPersonalDetails. */
export const userDetails = userItem.extend({
  branchIds: z.array(z.number()),
  language: z.enum(LANGUAGES),
  theme: z.enum(THEMES),
  photoJson: z.string().nullable(),
  /** Spec §3 summary "start,end" of the week, null without shifts. */
  workingHours: z.string().nullable(),
  workingDays: z.array(workingDayOutput),
});

/** GetUser?UserId: without UserId, the caller's own profile. */
export const getUserInput = z.object({ UserId: optionalId });

/** Live availability check of a user name, mobile or e-mail among the clinic's users (not deleted). */
export const checkValueInput = z.object({
  value: requiredText(200),
  /** The user being edited, whose own value counts as available. */
  excludeUserId: optionalId,
});
export const availabilityOutput = z.object({ available: z.boolean() });

/** Multipart fields of UploadImage: `userId` and the file `formFile`. */
export const uploadImageInput = z.object({ userId: id });
export const uploadImageOutput = z.object({ photoJson: z.string(), url: z.string(), thumbnailUrl: z.string() });
/** The stored photoJson: where the photo and its thumbnail are served. */
export const photoJsonSchema = z.object({ url: z.string(), thumbnailUrl: z.string() });

/** Changes the caller's own password; the answer carries a new token, since every older session ends. */
export const changePasswordInput = z
  .object({
    currentPassword: z.string({ error: 'field_required' }).min(1, 'field_required').max(200, 'field_too_long'),
    newPassword: password,
    confirmPassword: z.string({ error: 'field_required' }).min(1, 'field_required'),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: 'password_mismatch' });
export const changePasswordOutput = z.object({ token: z.string(), expiredTokenDate: z.string() });

/** A browser push subscription (or messaging token) of the caller's device; `userId`, when sent, is the caller. */
export const postFcmTokenInput = z.object({ fcmtoken: requiredText(4000), userId: optionalId });
export const deleteFcmTokenInput = z.object({ fcmtoken: requiredText(4000) });

export const userLanguageInput = z.object({ language: requiredEnum(LANGUAGES) });
export const userThemeInput = z.object({ theme: requiredEnum(THEMES) });
export const userToothNumberingInput = z.object({ toothNumberingSystem: requiredEnum(TOOTH_NUMBERING) });

/** Doctors for dropdowns: active users who take appointments (`isDoctor`). */
export const doctorsNamesInput = z.object({ branchId: optionalId });
export const doctorName = z.object({ id: z.number(), name: z.string() });
export const doctorsNamesOutput = z.object({ items: z.array(doctorName) });

export type RegisterInput = z.output<typeof registerInput>;
export type UpdateUserInput = z.output<typeof updateUserInput>;
export type UpdateUserBranchInput = z.output<typeof updateUserBranchInput>;
export type UpdateWorkingDaysInput = z.output<typeof updateWorkingDaysInput>;
export type UsersSearchInput = z.output<typeof usersSearchInput>;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];
export type UserItem = z.infer<typeof userItem>;
export type UserDetails = z.infer<typeof userDetails>;
export type ChangePasswordInput = z.output<typeof changePasswordInput>;
export type DoctorName = z.infer<typeof doctorName>;
