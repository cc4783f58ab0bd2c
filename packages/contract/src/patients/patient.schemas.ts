import { z } from 'zod';
import { balanceSummary } from '../payments/payments.schemas.js';
import { bothCoordinates, calendarDate, coordinate, email, id, idInput, listInput, optionalId, optionalText, requiredEnum, requiredText } from '../common/schemas.js';
import { type Country, LANGUAGES, LIMITS, MARITAL_STATUSES, PATIENT_TYPES } from '../enums.js';
import { GENDERS } from '../lookups/system-lookups.js';
import { typedMobile } from '../users/users.schemas.js';

const requiredOrInvalid = (issue: { input?: unknown }) => (issue.input === undefined ? 'field_required' : 'field_invalid');

/** Spec §5: a national id has 10 digits when the clinic's country is CN2 (Saudi Arabia), else 14. */
export const nationalIdLength = (country: Country | string | undefined) => (country === 'CN2' ? 10 : 14);
/** The catalogue code for a national id of the wrong length in that country, or null when it is right. */
export function nationalIdIssue(country: Country | string | undefined, value: string | null | undefined) {
  if (!value) return null;
  return value.length === nationalIdLength(country) ? null : (`national_id_length_${nationalIdLength(country)}` as const);
}

/** A patient's mobile as typed: international or in the clinic's national form (see `typedMobile`). */
export const patientMobile = typedMobile;

/** A calendar date 'YYYY-MM-DD' (common `calendarDate`: a real day within DATE_RANGE). */
export const isoDate = calendarDate;
const optionalDate = isoDate.optional().nullable();
const optionalEnum = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: 'field_invalid' }).optional().nullable();
/**
 * Adds or edits a patient (spec §3 Patient). The mobile is required unless a parent (house head) is chosen; the
 * national id's length depends on the clinic's country and is checked by the server; a new patient whose name
 * already exists needs `confirmDuplicateName` (the form asks first).
 */
export const savePatientInput = z
  .object({
    id: optionalId,
    name: requiredText(150),
    mobile: patientMobile.optional().nullable(),
    parentId: optionalId.nullable(),
    relativeTypeId: optionalId.nullable(),
    maritalStatus: optionalEnum(MARITAL_STATUSES),
    occupationId: optionalId.nullable(),
    nationalityId: optionalId.nullable(),
    employer: optionalText(150),
    nationalId: z
      .string()
      .trim()
      .regex(/^\d*$/, 'national_id_digits')
      .max(20, 'field_too_long')
      .optional()
      .nullable(),
    email: z.preprocess((v) => (v === '' ? null : v), email.optional().nullable()),
    dateOfBirth: optionalDate,
    gender: optionalEnum(GENDERS),
    latitude: coordinate(90),
    longitude: coordinate(180),
    smsLanguage: requiredEnum(LANGUAGES).default('ar'),
    patientType: requiredEnum(PATIENT_TYPES).default('PT1'),
    referenceId: optionalId.nullable(),
    branchIds: z.array(id, { error: requiredOrInvalid }).min(1, 'field_required').max(100, 'field_invalid'),
    insuranceCompanyId: optionalId.nullable(),
    insuranceNo: optionalText(50),
    policyNo: optionalText(50),
    dependentCode: optionalText(50),
    membershipNo: optionalText(50),
    certificateNo: optionalText(50),
    relatedCompany: optionalText(150),
    insuranceStartDate: optionalDate,
    insuranceEndDate: optionalDate,
    confirmDuplicateName: z.boolean({ error: 'field_invalid' }).optional(),
    /** A branch-limited user adds a new patient although the mobile is a patient's of another branch (409 patient_in_other_branch). */
    confirmOtherBranch: z.boolean({ error: 'field_invalid' }).optional(),
  })
  .superRefine((v, ctx) => {
    bothCoordinates(v, ctx);
    if (!v.mobile && !v.parentId) ctx.addIssue({ code: 'custom', path: ['mobile'], message: 'field_required' });
    if (v.parentId && v.id && v.parentId === v.id) ctx.addIssue({ code: 'custom', path: ['parentId'], message: 'field_invalid' });
    if (v.dateOfBirth && v.dateOfBirth > new Date().toISOString().slice(0, 10))
      ctx.addIssue({ code: 'custom', path: ['dateOfBirth'], message: 'field_invalid' });
    if (v.insuranceStartDate && v.insuranceEndDate && v.insuranceEndDate <= v.insuranceStartDate)
      ctx.addIssue({ code: 'custom', path: ['insuranceEndDate'], message: 'date_after_start' });
  });
export const savePatientOutput = z.object({ id: z.number(), code: z.string() });

/**
 * AddPatientToBranch: the patients of the clinic with exactly this mobile join a branch of the caller (the request's
 * branch unless one is named). Only the exact mobile finds them, so it cannot be used to browse other branches.
 */
export const addPatientToBranchInput = z.object({ mobile: patientMobile, branchId: optionalId });
export const addPatientToBranchOutput = z.object({
  items: z.array(z.object({ id: z.number(), code: z.string(), name: z.string() })),
});

const named = z.object({ id: z.number(), name: z.string() }).nullable();
/** Everything the patient form and the Information tab show. */
export const patientDetails = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  mobile: z.string().nullable(),
  parent: z.object({ id: z.number(), name: z.string(), code: z.string(), mobile: z.string().nullable() }).nullable(),
  relativeTypeId: z.number().nullable(),
  maritalStatus: z.enum(MARITAL_STATUSES).nullable(),
  occupationId: z.number().nullable(),
  nationalityId: z.number().nullable(),
  employer: z.string().nullable(),
  nationalId: z.string().nullable(),
  email: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  smsLanguage: z.enum(LANGUAGES),
  patientType: z.enum(PATIENT_TYPES),
  referenceId: z.number().nullable(),
  branchIds: z.array(z.number()),
  insuranceCompany: named,
  insuranceNo: z.string().nullable(),
  policyNo: z.string().nullable(),
  dependentCode: z.string().nullable(),
  membershipNo: z.string().nullable(),
  certificateNo: z.string().nullable(),
  relatedCompany: z.string().nullable(),
  insuranceStartDate: z.string().nullable(),
  insuranceEndDate: z.string().nullable(),
  photoUrl: z.string().nullable(),
  photoThumbnailUrl: z.string().nullable(),
  approvalStatus: z.enum(['approved', 'waiting']),
  source: z.enum(['clinic', 'website']),
  isActive: z.boolean(),
  createdAt: z.string(),
});

/** The patient file's header (GetPPW: photo, code, name, age, type, contact). A balance joins it with billing. */
export const patientHeader = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  mobile: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
  patientType: z.enum(PATIENT_TYPES),
  photoUrl: z.string().nullable(),
  photoThumbnailUrl: z.string().nullable(),
  approvalStatus: z.enum(['approved', 'waiting']),
  isActive: z.boolean(),
  parent: z.object({ id: z.number(), name: z.string() }).nullable(),
  /** The balance summary (billing, docs/payments.md); null for a user without patient_procedures or patient_remaining_payments. */
  balance: balanceSummary.nullable(),
});

/** A row of the patients list. */
export const patientListItem = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  mobile: z.string().nullable(),
  parentName: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
  patientType: z.enum(PATIENT_TYPES),
  nationalId: z.string().nullable(),
  insuranceCompanyName: z.string().nullable(),
  approvalStatus: z.enum(['approved', 'waiting']),
  source: z.enum(['clinic', 'website']),
  isActive: z.boolean(),
  createdAt: z.string(),
});

/**
 * Lists count at most this many matches (a clinic's front desk narrows with the search, it does not page through
 * 100,000 patients); beyond it `totalCapped` is true and `total` is the cap.
 */
export const PATIENT_COUNT_CAP = 1000;
export const patientsPage = z.object({
  items: z.array(patientListItem),
  total: z.number(),
  totalCapped: z.boolean(),
  page: z.number(),
  pageSize: z.number(),
});

export const PATIENT_SORT_FIELDS = ['name', 'code', 'createdAt', 'dateOfBirth'] as const;
/** Quick search: at least 3 characters (spec §5); matches names (Arabic letter forms folded), mobile and code. */
export const patientQuickSearch = z
  .string()
  .trim()
  .min(LIMITS.patientSearchMinChars, 'patient_search_min')
  .max(100, 'field_too_long');
/** PostSearchPatients: quick search, filters, sorting, paging 30. */
export const searchPatientsInput = listInput(PATIENT_SORT_FIELDS).extend({
  search: patientQuickSearch.optional(),
  patientType: optionalEnum(PATIENT_TYPES),
  gender: optionalEnum(GENDERS),
  branchId: optionalId,
  insuranceCompanyId: optionalId,
  referenceId: optionalId,
  isActive: z.boolean({ error: 'field_invalid' }).optional(),
  createdFrom: isoDate.optional(),
  createdTo: isoDate.optional(),
});

/** GetPatientSearchByName: the pickers' search (up to 20 matches). */
export const patientPickerInput = z.object({
  search: patientQuickSearch,
  /** Leaves this patient out (e.g. the patient being edited, when picking their parent). */
  excludeId: optionalId,
});
export const patientPickerItem = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  mobile: z.string().nullable(),
  patientType: z.enum(PATIENT_TYPES),
});

export const patientIdsInput = z.object({
  ids: z.array(id, { error: requiredOrInvalid }).min(1, 'select_one_or_more').max(500, 'field_invalid'),
});
export const updatePatientsStatusInput = patientIdsInput.extend({
  isActive: z.boolean({ error: requiredOrInvalid }),
});
export const bulkOutput = z.object({ updated: z.number() });

/** GetDuplicatedPatients: groups of likely duplicates, each with the reason they match. */
export const DUPLICATE_REASONS = ['name', 'mobile', 'nationalId'] as const;
export const duplicateGroup = z.object({
  reason: z.enum(DUPLICATE_REASONS),
  value: z.string(),
  patients: z.array(patientListItem),
});
export const duplicatesInput = z.object({
  reason: z.enum(DUPLICATE_REASONS, { error: 'field_invalid' }).optional(),
  page: z.coerce.number().int('field_invalid').min(1, 'field_invalid').default(1),
  pageSize: z.coerce.number().int('field_invalid').min(1, 'field_invalid').max(100, 'field_invalid').default(LIMITS.pageSize),
});

/** MergePatients: every record of each duplicate moves to the kept patient; the duplicates are then retired. */
export const mergePatientsInput = z
  .object({
    keepId: id,
    mergeIds: z.array(id, { error: requiredOrInvalid }).min(1, 'select_one_or_more').max(20, 'field_invalid'),
  })
  .refine((v) => !v.mergeIds.includes(v.keepId), { path: ['mergeIds'], message: 'field_invalid' });

export const patientIdInput = idInput;

export type SavePatientInput = z.output<typeof savePatientInput>;
export type AddPatientToBranchInput = z.output<typeof addPatientToBranchInput>;
export type PatientDetails = z.infer<typeof patientDetails>;
export type PatientHeader = z.infer<typeof patientHeader>;
export type PatientListItem = z.infer<typeof patientListItem>;
export type PatientSortField = (typeof PATIENT_SORT_FIELDS)[number];
export type SearchPatientsInput = z.output<typeof searchPatientsInput>;
export type PatientPickerItem = z.infer<typeof patientPickerItem>;
export type PatientsPage = z.infer<typeof patientsPage>;
export type DuplicateGroup = z.infer<typeof duplicateGroup>;
