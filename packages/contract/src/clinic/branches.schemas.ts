import { z } from 'zod';
import { bothCoordinates, coordinate, listInput, optionalId, requiredText } from '../common/schemas.js';
import { clinicPhone } from './clinic.schemas.js';

/** A branch of the clinic, with how many active users work in it (home branch or assigned). */
export const clinicBranchItem = z.object({
  id: z.number(),
  name: z.string(),
  mobile: z.string().nullable(),
  /** Where the branch is (degrees), for the booking page's maximum attendance distance; null when not set. */
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  userCount: z.number(),
  createdAt: z.string(),
});

export const BRANCH_SORT_FIELDS = ['name', 'userCount', 'createdAt'] as const;
export const branchListInput = listInput(BRANCH_SORT_FIELDS);

/**
 * Creates a branch when `id` is absent, else renames it or changes its mobile or location. Name (ignoring case)
 * and mobile are unique in the clinic: 409 branch_exists on the field that clashes. The location is both
 * coordinates or neither.
 */
export const saveBranchInput = z
  .object({
    id: optionalId,
    name: requiredText(100),
    mobile: clinicPhone,
    latitude: coordinate(90),
    longitude: coordinate(180),
  })
  .superRefine(bothCoordinates);

export type ClinicBranchItem = z.infer<typeof clinicBranchItem>;
export type BranchSortField = (typeof BRANCH_SORT_FIELDS)[number];
export type BranchListInput = z.output<typeof branchListInput>;
export type SaveBranchInput = z.output<typeof saveBranchInput>;
