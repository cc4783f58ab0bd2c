import { type CallAccess, defineCall } from '../common/call.js';
import { idInput, listOutput, okOutput, savedOutput } from '../common/schemas.js';
import { GROUP_TIER, type PermissionKey } from '../permissions.js';
import {
  requestCommentInput,
  saveContactInput,
  saveSupportRequestInput,
  supportRequestDetail,
  supportRequestItem,
  supportRequestListInput,
  updateRequestStatusInput,
  voteOutput,
} from './support.schemas.js';

type ClinicAccess = Extract<CallAccess, { permissions: readonly PermissionKey[] }>;

/** /FeaturesAndRequests, /Support, /SaveSupportRequest and /RequestDetails need no key: any logged-in user, any tier. */
const anyUser: ClinicAccess = { permissions: [], tier: 'ST0' };
/** The provider's staff (RL0). */
const provider = { provider: true } as const;

/**
 * Support: feature requests shared by every clinic, support requests of one clinic, votes and comments
 * (spec §7 Support). The clinic side keeps the spec's names; the provider reads and comments through
 * `AdminSupport/*`, since one descriptor has one kind of access.
 */
export const supportCalls = {
  getRequests: defineCall({
    controller: 'Support',
    action: 'GetRequests',
    method: 'GET',
    access: anyUser,
    input: supportRequestListInput,
    output: listOutput(supportRequestItem),
    summary: "Feature requests of every clinic and this clinic's support requests: search, filter, sort, page",
  }),
  getRequest: defineCall({
    controller: 'Support',
    action: 'GetRequest',
    method: 'GET',
    access: anyUser,
    input: idInput,
    output: supportRequestDetail,
    summary: 'One request with its body, votes and comments',
  }),
  saveRequest: defineCall({
    controller: 'Support',
    action: 'SaveRequest',
    method: 'POST',
    access: anyUser,
    input: saveSupportRequestInput,
    output: savedOutput,
    summary: 'Add a feature or support request (no id), or edit one of your own while it is new (RS1)',
  }),
  voteForRequest: defineCall({
    controller: 'Support',
    action: 'VoteForRequest',
    method: 'POST',
    access: anyUser,
    input: idInput,
    output: voteOutput,
    summary: 'Vote for a request, or take your vote back (one vote per user)',
  }),
  updateRequestStatus: defineCall({
    controller: 'Support',
    action: 'UpdateRequestStatus',
    method: 'POST',
    access: provider,
    input: updateRequestStatusInput,
    output: okOutput,
    summary: 'Provider: move a request to RS1 new, RS2 planned, RS3 in progress or RS4 done',
  }),
  requestComment: defineCall({
    controller: 'Support',
    action: 'RequestComment',
    method: 'POST',
    access: anyUser,
    input: requestCommentInput,
    output: savedOutput,
    summary: 'Comment on a request',
  }),
  deleteComment: defineCall({
    controller: 'Support',
    action: 'DeleteComment',
    method: 'DELETE',
    access: anyUser,
    input: idInput,
    output: okOutput,
    summary: 'Delete a comment you wrote',
  }),

  saveContact: defineCall({
    controller: 'Contacts',
    action: 'SaveContact',
    method: 'POST',
    access: { permissions: [], tier: GROUP_TIER.contactUs },
    input: saveContactInput,
    output: savedOutput,
    summary: 'Send the /ContactUs form to the provider (kept and mailed)',
  }),

  adminGetRequests: defineCall({
    controller: 'AdminSupport',
    action: 'GetRequests',
    method: 'GET',
    access: provider,
    input: supportRequestListInput,
    output: listOutput(supportRequestItem),
    summary: "Provider: every clinic's feature and support requests, with the author's clinic",
  }),
  adminGetRequest: defineCall({
    controller: 'AdminSupport',
    action: 'GetRequest',
    method: 'GET',
    access: provider,
    input: idInput,
    output: supportRequestDetail,
    summary: 'Provider: one request with its comments',
  }),
  adminRequestComment: defineCall({
    controller: 'AdminSupport',
    action: 'RequestComment',
    method: 'POST',
    access: provider,
    input: requestCommentInput,
    output: savedOutput,
    summary: 'Provider: answer a request as the support team',
  }),
  adminDeleteComment: defineCall({
    controller: 'AdminSupport',
    action: 'DeleteComment',
    method: 'DELETE',
    access: provider,
    input: idInput,
    output: okOutput,
    summary: 'Provider: delete any comment',
  }),
};
