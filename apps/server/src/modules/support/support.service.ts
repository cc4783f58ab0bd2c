import {
  EDITABLE_STATUS,
  PRODUCT_NAME,
  type RequestStatus,
  type SaveSupportRequestInput,
  type SupportComment,
  type SupportKind,
  type SupportRequestDetail,
  type SupportRequestItem,
  type SupportRequestListInput,
  type SupportSortField,
  canEditRequest,
} from '@dental/contract';
import { type AnyColumn, type SQL, and, asc, desc, eq, or, sql } from 'drizzle-orm';
import { clinics } from '../../platform/auth/identity.table.js';
import type { Queryable } from '../../platform/db/types.js';
import { listResult, orderBy, pageWindow, searchIn } from '../../platform/db/list-query.js';
import { fail } from '../../platform/errors.js';
import { supportComments, supportRequests, supportVotes } from './support.table.js';

/*
 * The support tables have no clinic_id and so no row-level security: every query here applies the visibility
 * rule itself. A clinic user sees every clinic's feature requests and only their own clinic's support requests;
 * the provider's staff see everything.
 */

/** Who is asking: a clinic user (inside the request's tenant transaction) or the provider's staff. */
export type Viewer =
  { kind: 'clinic'; clinicId: number; userId: number; name: string } | { kind: 'provider'; adminId: number };

/** The SQL form of isRequestVisibleTo(); undefined (everything) for the provider. */
const visibleTo = (v: Viewer): SQL | undefined =>
  v.kind === 'provider'
    ? undefined
    : or(eq(supportRequests.kind, 'feature'), eq(supportRequests.authorClinicId, v.clinicId));

const voteCount = sql<number>`(select count(*)::int from ${supportVotes} where ${supportVotes.requestId} = ${supportRequests.id})`;
const commentCount = sql<number>`(select count(*)::int from ${supportComments} where ${supportComments.requestId} = ${supportRequests.id})`;
const votedBy = (v: Viewer): SQL<boolean> =>
  v.kind === 'provider'
    ? sql<boolean>`false`
    : sql<boolean>`exists (select 1 from ${supportVotes} where ${supportVotes.requestId} = ${supportRequests.id}
        and ${supportVotes.voterClinicId} = ${v.clinicId} and ${supportVotes.voterUserId} = ${v.userId})`;

/**
 * The author's clinic name: the provider sees every clinic's; a clinic user only their own (another clinic's
 * feature request shows no clinic, for privacy).
 */
const clinicJoin = (v: Viewer) =>
  and(eq(clinics.id, supportRequests.authorClinicId), v.kind === 'clinic' ? eq(clinics.id, v.clinicId) : undefined);

const SORT: Record<SupportSortField, AnyColumn | SQL> = {
  votes: voteCount,
  createdAt: supportRequests.createdAt,
  status: supportRequests.status,
};

/**
 * A personal name is shown to the author's own clinic and to the provider only: another clinic sees a feature request
 * or comment without its author's name (comments of the provider's staff keep theirs).
 */
const nameFor = (v: Viewer, authorClinicId: number | null, name: string): string | null =>
  v.kind === 'provider' || authorClinicId == null || authorClinicId === v.clinicId ? name : null;

const isAuthor = (v: Viewer, row: { authorClinicId: number | null; authorUserId: number | null }) =>
  v.kind === 'clinic' && row.authorClinicId === v.clinicId && row.authorUserId === v.userId;

function selectRequests(q: Queryable, v: Viewer) {
  return q
    .select({
      request: supportRequests,
      clinicName: clinics.displayName,
      voteCount,
      commentCount,
      votedByMe: votedBy(v),
    })
    .from(supportRequests)
    .leftJoin(clinics, clinicJoin(v));
}
type RequestRow = Awaited<ReturnType<ReturnType<typeof selectRequests>['where']>>[number];

function toItem(v: Viewer, row: RequestRow): SupportRequestItem {
  const r = row.request;
  const isMine = isAuthor(v, r);
  const status = r.status as RequestStatus;
  return {
    id: r.id,
    kind: r.kind as SupportKind,
    title: r.title,
    status,
    authorName: nameFor(v, r.authorClinicId, r.authorName),
    authorClinic: row.clinicName ?? null,
    isMine,
    canEdit: canEditRequest({ isMine, status }),
    voteCount: Number(row.voteCount),
    votedByMe: Boolean(row.votedByMe),
    commentCount: Number(row.commentCount),
    createdAt: r.createdAt.toISOString(),
  };
}

/** Requests the viewer may see: search in the title, filter by kind and status; most votes first by default. */
export async function listRequests(q: Queryable, v: Viewer, input: SupportRequestListInput) {
  const where = and(
    visibleTo(v),
    input.kind ? eq(supportRequests.kind, input.kind) : undefined,
    input.status ? eq(supportRequests.status, input.status) : undefined,
    searchIn(input.search, supportRequests.title),
  );
  const order = input.sortField
    ? orderBy(SORT[input.sortField], input.sortOrder, supportRequests.id)
    : [desc(voteCount), desc(supportRequests.createdAt), asc(supportRequests.id)];
  const { limit, offset } = pageWindow(input);
  const rows = await selectRequests(q, v)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  return listResult(
    rows.map((row) => toItem(v, row)),
    await q.$count(supportRequests, where),
    input,
  );
}

/** One request the viewer may see, or 404 (another clinic's support request reads as not found). */
async function findVisible(q: Queryable, v: Viewer, id: number) {
  const [row] = await selectRequests(q, v).where(and(eq(supportRequests.id, id), visibleTo(v)));
  return row ?? fail('not_found');
}

export async function getRequest(q: Queryable, v: Viewer, id: number): Promise<SupportRequestDetail> {
  const row = await findVisible(q, v, id);
  const comments = await q
    .select()
    .from(supportComments)
    .where(eq(supportComments.requestId, id))
    .orderBy(asc(supportComments.createdAt), asc(supportComments.id));
  return {
    ...toItem(v, row),
    body: row.request.body,
    updatedAt: row.request.updatedAt.toISOString(),
    comments: comments.map((c) => toComment(v, c)),
  };
}

function toComment(v: Viewer, c: typeof supportComments.$inferSelect): SupportComment {
  const isMine = v.kind === 'provider' ? c.authorAdminId === v.adminId : isAuthor(v, c);
  return {
    id: c.id,
    authorName: nameFor(v, c.authorClinicId, c.authorName),
    fromProvider: c.authorAdminId != null,
    body: c.body,
    createdAt: c.createdAt.toISOString(),
    isMine,
    canDelete: v.kind === 'provider' || isMine,
  };
}

/**
 * Adds a request (no id) in the caller's name, or edits the caller's own request while it is new: another
 * clinic's support request is not found (404), anyone else's request is refused (403), a request the provider
 * has moved past RS1 can no longer be edited (409).
 */
export async function saveRequest(
  q: Queryable,
  v: Extract<Viewer, { kind: 'clinic' }>,
  input: SaveSupportRequestInput,
) {
  const values = { kind: input.kind, title: input.title, body: input.body };
  if (input.id) {
    const { request } = await findVisible(q, v, input.id);
    if (!isAuthor(v, request)) fail('action_not_allowed');
    if (request.status !== EDITABLE_STATUS) fail('request_not_editable');
    await q
      .update(supportRequests)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(supportRequests.id, input.id), eq(supportRequests.status, EDITABLE_STATUS)));
    return { id: input.id };
  }
  const [created] = await q
    .insert(supportRequests)
    .values({ ...values, authorClinicId: v.clinicId, authorUserId: v.userId, authorName: v.name })
    .returning({ id: supportRequests.id });
  return { id: created!.id };
}

/** Toggles the caller's vote: one vote per user and request. */
export async function toggleVote(q: Queryable, v: Extract<Viewer, { kind: 'clinic' }>, id: number) {
  await findVisible(q, v, id);
  const mine = and(
    eq(supportVotes.requestId, id),
    eq(supportVotes.voterClinicId, v.clinicId),
    eq(supportVotes.voterUserId, v.userId),
  );
  const removed = await q.delete(supportVotes).where(mine).returning({ id: supportVotes.requestId });
  if (!removed.length) {
    await q
      .insert(supportVotes)
      .values({ requestId: id, voterClinicId: v.clinicId, voterUserId: v.userId })
      .onConflictDoNothing();
  }
  return { voted: removed.length === 0, voteCount: await q.$count(supportVotes, eq(supportVotes.requestId, id)) };
}

/** The provider moves a request through RS1-RS4. */
export async function updateStatus(q: Queryable, id: number, status: RequestStatus) {
  const updated = await q
    .update(supportRequests)
    .set({ status, updatedAt: new Date() })
    .where(eq(supportRequests.id, id))
    .returning({ id: supportRequests.id });
  if (!updated.length) fail('not_found');
  return { ok: true as const };
}

/** A comment on a request the viewer may see; the provider's staff comment as the support team. */
export async function addComment(q: Queryable, v: Viewer, requestId: number, body: string) {
  await findVisible(q, v, requestId);
  const author =
    v.kind === 'provider'
      ? { authorAdminId: v.adminId, authorName: PRODUCT_NAME }
      : { authorClinicId: v.clinicId, authorUserId: v.userId, authorName: v.name };
  const [created] = await q
    .insert(supportComments)
    .values({ requestId, body, ...author })
    .returning({ id: supportComments.id });
  return { id: created!.id };
}

/** Only its author (same clinic and user) or the provider may delete a comment. */
export async function deleteComment(q: Queryable, v: Viewer, id: number) {
  const [row] = await q
    .select({ comment: supportComments })
    .from(supportComments)
    .innerJoin(supportRequests, eq(supportRequests.id, supportComments.requestId))
    .where(and(eq(supportComments.id, id), visibleTo(v)));
  if (!row) return fail('not_found');
  if (v.kind === 'clinic' && !isAuthor(v, row.comment)) fail('action_not_allowed');
  await q.delete(supportComments).where(eq(supportComments.id, id));
  return { ok: true as const };
}
