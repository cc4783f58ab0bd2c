import { z } from 'zod';
import { defineCall } from '../common/call.js';
import { id, okOutput } from '../common/schemas.js';
import {
  activeUser, adminLoginInput, adminRegisterInput, adminUser, branchItem, forgetPasswordInput, issueResetCodeOutput,
  loginInput, resetByAdminInput, resetByUserInput, tokenData,
} from './auth.schemas.js';

const Public = { public: true } as const;
const AnyUser = { permissions: [], tier: 'ST0' } as const;

export const authCalls = {
  login: defineCall({
    controller: 'WithoutAuthorize', action: ':clinicName/Login', method: 'POST', access: Public,
    input: loginInput, output: tokenData(activeUser),
    summary: 'Log in to a clinic with e-mail, user name or mobile and password',
  }),
  forgetPassword: defineCall({
    controller: 'WithoutAuthorize', action: 'ForgetPassword', method: 'POST', access: Public,
    input: forgetPasswordInput, output: okOutput,
    summary: 'Send a password reset link to the user of that clinic with this e-mail, if there is one (the answer is the same either way)',
  }),
  resetPasswordByUser: defineCall({
    controller: 'WithoutAuthorize', action: 'ResetPasswordByUser', method: 'POST', access: Public,
    input: resetByUserInput, output: okOutput,
    summary: 'Set a new password with the token of a reset link',
  }),
  resetPasswordByAdmin: defineCall({
    controller: 'WithoutAuthorize', action: 'ResetPasswordByAdmin', method: 'POST', access: Public,
    input: resetByAdminInput, output: okOutput,
    summary: 'Set a new password with the one-time code an administrator issued',
  }),
  issueResetCode: defineCall({
    controller: 'User', action: 'ResetPasswordByAdmin', method: 'POST', access: { permissions: ['user_edit'], tier: 'ST0', rule: 'BranchManager' },
    input: z.object({ userId: id }), output: issueResetCodeOutput,
    summary: "Issue a one-time code with which a user sets a new password (their old sessions end)",
  }),
  refreshCurrentUser: defineCall({
    controller: 'Auth', action: 'RefreshCurrentUser', method: 'GET', access: AnyUser,
    input: z.object({}), output: activeUser,
    summary: 'The current user with fresh permissions, tier and settings',
  }),
  getClinicBranches: defineCall({
    controller: 'Auth', action: 'GetClinicBranches', method: 'GET', access: AnyUser,
    input: z.object({}), output: z.object({ items: z.array(branchItem) }),
    summary: 'Branches the current user may work in',
  }),
  adminLogin: defineCall({
    controller: 'AdminAccount', action: 'Login', method: 'POST', access: Public,
    input: adminLoginInput, output: tokenData(adminUser),
    summary: "Log in as the provider's staff (RL0)",
  }),
  adminRegisterUser: defineCall({
    controller: 'AdminAccount', action: 'RegisterUser', method: 'POST', access: { provider: true }, status: 201,
    input: adminRegisterInput, output: z.object({ adminId: z.number() }),
    summary: "Add a member of the provider's staff (only an RL0 user may)",
  }),
};
