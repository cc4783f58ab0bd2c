import { bigint, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { clinics } from '../../platform/auth/identity.table.js';
import { createdAt, updatedAt } from '../../platform/db/columns.js';

/*
 * Support lives with the provider, not inside one clinic: feature requests are seen and voted on by every clinic,
 * support requests by their own clinic and the provider. These tables therefore have no clinic_id (no row-level
 * security); the support service filters by the author's clinic itself.
 */

/** kind 'feature' (public to all clinics) or 'support' (the author's clinic and the provider); status RS1-RS4. */
export const supportRequests = pgTable(
  'support_requests',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    authorClinicId: bigint('author_clinic_id', { mode: 'number' }).notNull().references(() => clinics.id),
    authorUserId: bigint('author_user_id', { mode: 'number' }).notNull(),
    authorName: text('author_name').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    status: text('status').notNull().default('RS1'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('support_requests_clinic_idx').on(t.authorClinicId), index('support_requests_kind_idx').on(t.kind, t.status)],
);

/** One vote per user per request. */
export const supportVotes = pgTable(
  'support_votes',
  {
    requestId: bigint('request_id', { mode: 'number' }).notNull().references(() => supportRequests.id, { onDelete: 'cascade' }),
    voterClinicId: bigint('voter_clinic_id', { mode: 'number' }).notNull().references(() => clinics.id),
    voterUserId: bigint('voter_user_id', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.voterClinicId, t.voterUserId] })],
);

/** A comment by a clinic user or by the provider's staff (authorAdminId). */
export const supportComments = pgTable(
  'support_comments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    requestId: bigint('request_id', { mode: 'number' }).notNull().references(() => supportRequests.id, { onDelete: 'cascade' }),
    authorClinicId: bigint('author_clinic_id', { mode: 'number' }).references(() => clinics.id),
    authorUserId: bigint('author_user_id', { mode: 'number' }),
    authorAdminId: bigint('author_admin_id', { mode: 'number' }),
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('support_comments_request_idx').on(t.requestId)],
);

/** Messages of the /ContactUs form. */
export const contactMessages = pgTable('contact_messages', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  authorClinicId: bigint('author_clinic_id', { mode: 'number' }).notNull().references(() => clinics.id),
  authorUserId: bigint('author_user_id', { mode: 'number' }).notNull(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  mobile: text('mobile'),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  handledAt: timestamp('handled_at', { withTimezone: true }),
  createdAt: createdAt(),
});
