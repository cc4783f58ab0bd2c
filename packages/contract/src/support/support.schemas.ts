import { z } from 'zod';
import { REQUEST_STATUSES } from '../enums.js';
import { email, id, listInput, optionalId, requiredEnum, requiredText } from '../common/schemas.js';

/**
 * Support requests live with the provider, not inside one clinic. A 'feature' request is seen and voted on by
 * every clinic's users; a 'support' request only by its author's clinic. The provider's staff (RL0) see all and
 * move a request through RS1 new → RS2 planned → RS3 in progress → RS4 done.
 */
export const SUPPORT_KINDS = ['feature', 'support'] as const;
export type SupportKind = (typeof SUPPORT_KINDS)[number];
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
export const supportKind = requiredEnum(SUPPORT_KINDS);
export const requestStatus = requiredEnum(REQUEST_STATUSES);

/** Only a new request (RS1) may still be edited by its author. */
export const EDITABLE_STATUS: RequestStatus = 'RS1';

/** Whether the caller may edit a request: its own author, while the request is still new. */
export function canEditRequest(request: { isMine: boolean; status: RequestStatus }): boolean {
  return request.isMine && request.status === EDITABLE_STATUS;
}

/**
 * Whether a clinic user sees a request: feature requests are public to every clinic, support requests stay
 * with their author's clinic.
 */
export function isRequestVisibleTo(request: { kind: string; authorClinicId: number }, clinicId: number): boolean {
  return request.kind === 'feature' || request.authorClinicId === clinicId;
}

export const supportRequestItem = z.object({
  id: z.number(),
  kind: supportKind,
  title: z.string(),
  status: requestStatus,
  /** The author's name for the caller's own clinic (and for the provider), else null: no personal name leaves a clinic. */
  authorName: z.string().nullable(),
  /** The author's clinic: its display name for the caller's own clinic (and for the provider), else null (privacy). */
  authorClinic: z.string().nullable(),
  /** Written by the caller. */
  isMine: z.boolean(),
  /** The caller may still edit it (own and new). */
  canEdit: z.boolean(),
  voteCount: z.number(),
  votedByMe: z.boolean(),
  commentCount: z.number(),
  createdAt: z.string(),
});

export const supportComment = z.object({
  id: z.number(),
  /** As a request's authorName: null for a user of another clinic; the provider's comments keep theirs. */
  authorName: z.string().nullable(),
  /** Written by the provider's support team. */
  fromProvider: z.boolean(),
  body: z.string(),
  createdAt: z.string(),
  isMine: z.boolean(),
  canDelete: z.boolean(),
});

export const supportRequestDetail = supportRequestItem.extend({
  body: z.string(),
  updatedAt: z.string(),
  comments: z.array(supportComment),
});

export const SUPPORT_SORT_FIELDS = ['votes', 'createdAt', 'status'] as const;
/** Search in the title, filter by kind and status; sorted by votes (most first) unless told otherwise. */
export const supportRequestListInput = listInput(SUPPORT_SORT_FIELDS).extend({
  kind: supportKind.optional(),
  status: requestStatus.optional(),
});

/** Creates a request when `id` is absent, else edits the caller's own request while it is still new (RS1). */
export const saveSupportRequestInput = z.object({
  id: optionalId,
  kind: supportKind,
  title: requiredText(200),
  body: requiredText(5000),
});

export const voteOutput = z.object({ voted: z.boolean(), voteCount: z.number() });

export const updateRequestStatusInput = z.object({ id, status: requestStatus });

export const requestCommentInput = z.object({ requestId: id, body: requiredText(2000) });

/** A phone number as typed: digits with an optional leading +, spaces, dashes or brackets; at most 20 characters. */
const optionalPhone = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z
    .string({ error: 'phone_invalid' })
    .trim()
    .max(20, 'phone_invalid')
    .regex(/^\+?[0-9][0-9 ()-]{5,}$/, 'phone_invalid')
    .optional()
    .nullable(),
);

/** The /ContactUs form, mailed to the provider. */
export const saveContactInput = z.object({
  name: requiredText(100),
  email,
  mobile: optionalPhone,
  subject: requiredText(200),
  message: requiredText(5000),
});

export type SupportRequestItem = z.infer<typeof supportRequestItem>;
export type SupportRequestDetail = z.infer<typeof supportRequestDetail>;
export type SupportComment = z.infer<typeof supportComment>;
export type SupportSortField = (typeof SUPPORT_SORT_FIELDS)[number];
export type SupportRequestListInput = z.output<typeof supportRequestListInput>;
export type SaveSupportRequestInput = z.output<typeof saveSupportRequestInput>;
export type UpdateRequestStatusInput = z.output<typeof updateRequestStatusInput>;
export type RequestCommentInput = z.output<typeof requestCommentInput>;
export type SaveContactInput = z.output<typeof saveContactInput>;
