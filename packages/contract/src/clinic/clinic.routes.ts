import { type CallAccess, defineCall } from '../common/call.js';
import { idInput, listOutput, okOutput, savedOutput } from '../common/schemas.js';
import type { PermissionKey } from '../permissions.js';
import { clinicBranchItem, branchListInput, saveBranchInput } from './branches.schemas.js';
import {
  checkClinicNameInput,
  checkClinicNameOutput,
  clinicDetail,
  getClinicInput,
  saveClinicRequest,
} from './clinic.schemas.js';

type ClinicAccess = Extract<CallAccess, { permissions: readonly PermissionKey[] }>;

/** /Clinic carries the BranchManager rule (spec §2); the calls that read or change the settings carry it too. */
const branchManager = (...permissions: PermissionKey[]): ClinicAccess => ({
  permissions,
  tier: 'ST0',
  rule: 'BranchManager',
});

/**
 * Clinic and branches (spec §7 "Lookups and clinic"): the caller's own clinic settings and its branches.
 * The provider's calls on clinics (GetClinics, DeleteClinic) live in the provider console.
 */
export const clinicCalls = {
  getClinic: defineCall({
    controller: 'Lookups',
    action: 'GetClinic',
    method: 'GET',
    access: branchManager('clinic_show'),
    input: getClinicInput,
    output: clinicDetail,
    summary: "The caller's clinic: names, contact and tax details, behaviour flags, booking settings, links, logo",
  }),
  saveClinic: defineCall({
    controller: 'Lookups',
    action: 'SaveClinic',
    method: 'POST',
    multipart: true,
    access: branchManager('clinic_edit'),
    input: saveClinicRequest,
    output: clinicDetail,
    summary:
      "Save the caller's clinic (multipart: the fields as JSON in `data`, an optional image in `logo`); returns it as saved",
  }),
  checkClinicName: defineCall({
    controller: 'Lookups',
    action: 'CheckClinicName',
    method: 'GET',
    access: { permissions: [], tier: 'ST0' },
    input: checkClinicNameInput,
    output: checkClinicNameOutput,
    summary: "Whether a clinic name is free (ignoring case); the caller's own clinic name counts as free",
  }),

  getBranchesByClinic: defineCall({
    controller: 'Lookups',
    action: 'GetBranchesByClinic',
    method: 'GET',
    access: { permissions: ['clinic_show', 'clinic_branch_edit'], tier: 'ST0' },
    input: branchListInput,
    output: listOutput(clinicBranchItem),
    summary: "The clinic's branches with their user counts: search by name or mobile, sort, page",
  }),
  saveBranch: defineCall({
    controller: 'Lookups',
    action: 'SaveBranch',
    method: 'POST',
    access: branchManager('clinic_branch_edit'),
    input: saveBranchInput,
    output: savedOutput,
    summary: 'Add a branch (no id) or rename one / change its mobile; name and mobile are unique in the clinic',
  }),
  deleteBranch: defineCall({
    controller: 'Lookups',
    action: 'DeleteBranch',
    method: 'DELETE',
    access: branchManager('clinic_branch_edit'),
    input: idInput,
    output: okOutput,
    summary: "Delete a branch, unless it is the clinic's last, some users' home branch, or has patients",
  }),
};
