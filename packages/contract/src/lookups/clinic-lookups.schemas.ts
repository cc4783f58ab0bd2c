import { z } from 'zod';
import { listInput, optionalFrenchName, optionalId, requiredText, requiredEnum } from '../common/schemas.js';

/**
 * The lists a clinic edits itself: how patients heard of the clinic (page /PatientReferences), occupations,
 * nationalities and relative types. Fixed lists (countries, statuses ...) are system lookups instead.
 */
export const CLINIC_LOOKUP_GROUPS = ['PatientReference', 'Occupation', 'Nationality', 'RelativeType'] as const;
export type ClinicLookupGroup = (typeof CLINIC_LOOKUP_GROUPS)[number];
export const clinicLookupGroup = requiredEnum(CLINIC_LOOKUP_GROUPS);

export const clinicLookupItem = z.object({
  id: z.number(),
  groupName: clinicLookupGroup,
  nameAr: z.string(),
  nameEn: z.string(),
  /** Shown in French; null: the English name is shown. */
  nameFr: z.string().nullable(),
  isActive: z.boolean(),
  sortOrder: z.number(),
});

export const CLINIC_LOOKUP_SORT_FIELDS = ['sortOrder', 'nameAr', 'nameEn', 'createdAt'] as const;
export const clinicLookupListInput = listInput(CLINIC_LOOKUP_SORT_FIELDS).extend({ groupName: clinicLookupGroup });

/**
 * Creates a row of `groupName` when `id` is absent, else updates that row (which must be of `groupName`).
 * The Arabic and English names are unique within the group, ignoring case; the French one is optional.
 */
export const saveClinicLookupInput = z.object({
  id: optionalId,
  groupName: clinicLookupGroup,
  nameAr: requiredText(100),
  nameEn: requiredText(100),
  nameFr: optionalFrenchName(100),
  isActive: z.boolean({ error: 'field_invalid' }).default(true),
  sortOrder: z
    .number({ error: 'field_invalid' })
    .int('field_invalid')
    .min(0, 'field_invalid')
    .max(9999, 'field_invalid')
    .default(0),
});

/** The active rows of one group for a form's dropdown; the group defaults to patient references. */
export const lookupOptionsInput = z.object({ groupName: clinicLookupGroup.default('PatientReference') });
export const lookupOption = z.object({ id: z.number(), nameAr: z.string(), nameEn: z.string(), nameFr: z.string().nullable() });
export const lookupOptionsOutput = z.object({ items: z.array(lookupOption) });

export type ClinicLookupItem = z.infer<typeof clinicLookupItem>;
export type ClinicLookupSortField = (typeof CLINIC_LOOKUP_SORT_FIELDS)[number];
export type ClinicLookupListInput = z.output<typeof clinicLookupListInput>;
export type SaveClinicLookupInput = z.output<typeof saveClinicLookupInput>;
export type LookupOption = z.infer<typeof lookupOption>;
