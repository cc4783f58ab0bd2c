import { type CallAccess, defineCall } from '../common/call.js';
import { idInput, listOutput, okOutput, savedOutput } from '../common/schemas.js';
import type { PermissionKey } from '../permissions.js';
import {
  availabilityOutput,
  changePasswordInput,
  changePasswordOutput,
  checkValueInput,
  deleteFcmTokenInput,
  doctorsNamesInput,
  doctorsNamesOutput,
  getUserInput,
  postFcmTokenInput,
  registerInput,
  updateUserBranchInput,
  updateUserInput,
  updateWorkingDaysInput,
  uploadImageInput,
  uploadImageOutput,
  userDetails,
  userItem,
  userLanguageInput,
  usersSearchInput,
  userThemeInput,
  userToothNumberingInput,
} from './users.schemas.js';

type ClinicAccess = Extract<CallAccess, { permissions: readonly PermissionKey[] }>;

/** /register and /UsersList carry the BranchManager rule of spec §2; their calls carry it too. */
const branchManager = (...permissions: PermissionKey[]): ClinicAccess => ({
  permissions,
  tier: 'ST0',
  rule: 'BranchManager',
});
/** /UserDetails has no route rule, only its key. */
const keys = (...permissions: PermissionKey[]): ClinicAccess => ({ permissions, tier: 'ST0' });
/**
 * Any logged-in user of the clinic. Self-service calls (one's own profile) act on the caller only; where they
 * may also name another user (GetUser, UploadImage) that needs a user key, checked in the handler.
 */
const self = keys();

/**
 * User: the clinic's staff accounts. Safety rules beyond the keys: nobody edits a user of another clinic (404),
 * deletes or deactivates themselves, widens their own branches, or gives a role that holds keys they lack; only
 * the owner (RL1) touches an owner's account or gives the owner role; the last active owner stays.
 */
export const usersCalls = {
  register: defineCall({
    controller: 'User',
    action: 'Register',
    method: 'POST',
    access: branchManager('user_add'),
    input: registerInput,
    output: savedOutput,
    status: 201,
    summary: 'Add a user with a role, branches, home branch and an initial password',
  }),
  getUser: defineCall({
    controller: 'User',
    action: 'GetUser',
    method: 'GET',
    access: self,
    input: getUserInput,
    output: userDetails,
    summary:
      "One user with branches and working days; one's own profile without UserId (another user needs user_list or user_edit)",
  }),
  getUsersSearch: defineCall({
    controller: 'User',
    action: 'GetUsersSearch',
    method: 'POST',
    access: branchManager('user_list'),
    input: usersSearchInput,
    output: listOutput(userItem),
    summary: "The clinic's users: search name, user name, e-mail or mobile; filter by role, branch, active; sort; page",
  }),
  checkUserName: defineCall({
    controller: 'User',
    action: 'CheckUserName',
    method: 'GET',
    access: keys('user_add', 'user_edit'),
    input: checkValueInput,
    output: availabilityOutput,
    summary: 'Whether a user name is free in the clinic (live check of the user forms)',
  }),
  checkMobile: defineCall({
    controller: 'User',
    action: 'CheckMobile',
    method: 'GET',
    access: keys('user_add', 'user_edit'),
    input: checkValueInput,
    output: availabilityOutput,
    summary: 'Whether a mobile is free in the clinic (live check of the user forms)',
  }),
  checkEmail: defineCall({
    controller: 'User',
    action: 'CheckEmail',
    method: 'GET',
    access: keys('user_add', 'user_edit'),
    input: checkValueInput,
    output: availabilityOutput,
    summary: 'Whether an e-mail is free in the clinic (live check of the user forms)',
  }),
  uploadImage: defineCall({
    controller: 'User',
    action: 'UploadImage',
    method: 'POST',
    access: self,
    multipart: true,
    input: uploadImageInput,
    output: uploadImageOutput,
    summary:
      "Set a user's photo (multipart: userId, formFile; jpg, png, gif or svg by content) with a thumbnail; another user's needs user_edit",
  }),
  changePassword: defineCall({
    controller: 'User',
    action: 'ChangePassword',
    method: 'POST',
    access: self,
    input: changePasswordInput,
    output: changePasswordOutput,
    summary: "Change one's own password; every other session ends and the answer carries a new token",
  }),
  updateUser: defineCall({
    controller: 'User',
    action: 'UpdateUser',
    method: 'POST',
    access: keys('user_edit'),
    input: updateUserInput,
    output: savedOutput,
    summary: "Edit a user's names, user name, e-mail, mobile, country, active flag and home branch",
  }),
  updateUserWorkingDays: defineCall({
    controller: 'User',
    action: 'UpdateUserWorkingDays',
    method: 'POST',
    access: keys('user_edit'),
    input: updateWorkingDaysInput,
    output: okOutput,
    summary: "Replace a user's working week (shifts per weekday; start before end, end may be 24:00, no overlaps)",
  }),
  updateUserBranch: defineCall({
    controller: 'User',
    action: 'UpdateUserBranch',
    method: 'POST',
    access: keys('user_edit'),
    input: updateUserBranchInput,
    output: okOutput,
    summary: 'Replace the branches a user may work in (the home branch included)',
  }),
  deleteUser: defineCall({
    controller: 'User',
    action: 'DeleteUser',
    method: 'DELETE',
    access: keys('user_delete'),
    input: idInput,
    output: okOutput,
    summary: 'Delete a user (kept for the records that name them; their e-mail, user name and mobile become free)',
  }),
  postFcmToken: defineCall({
    controller: 'User',
    action: 'PostFCMToken',
    method: 'POST',
    access: self,
    input: postFcmTokenInput,
    output: okOutput,
    summary: "Store the push subscription of the caller's browser",
  }),
  authPostFcmToken: defineCall({
    controller: 'Auth',
    action: 'PostFCMToken',
    method: 'POST',
    access: self,
    input: postFcmTokenInput,
    output: okOutput,
    summary: "Store the push subscription of the caller's browser (the shell's spelling of User/PostFCMToken)",
  }),
  deleteFcmToken: defineCall({
    controller: 'User',
    action: 'DeleteFCMToken',
    method: 'DELETE',
    access: self,
    input: deleteFcmTokenInput,
    output: okOutput,
    summary: "Forget a push subscription of the caller's browser",
  }),
  updateUserLanguage: defineCall({
    controller: 'User',
    action: 'UpdateUserLanguage',
    method: 'GET',
    access: self,
    input: userLanguageInput,
    output: okOutput,
    summary: "Save the caller's language (ar, en or fr)",
  }),
  updateUserTheme: defineCall({
    controller: 'User',
    action: 'UpdateUserTheme',
    method: 'GET',
    access: self,
    input: userThemeInput,
    output: okOutput,
    summary: "Save the caller's theme (light or dark)",
  }),
  updateUserToothNumbering: defineCall({
    controller: 'User',
    action: 'UpdateUserToothNumbering',
    method: 'POST',
    access: self,
    input: userToothNumberingInput,
    output: okOutput,
    summary: "Save how the caller's dental chart numbers teeth, FDI or Palmer (project call; the spec names none)",
  }),
  getDoctorsNames: defineCall({
    controller: 'User',
    action: 'GetDoctorsNames',
    method: 'GET',
    access: self,
    input: doctorsNamesInput,
    output: doctorsNamesOutput,
    summary: 'Active users who take appointments (is doctor) for dropdowns, optionally of one branch',
  }),
};
