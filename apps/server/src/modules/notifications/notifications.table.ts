import type { NotificationParams } from '@dental/contract';
import { sql } from 'drizzle-orm';
import { boolean, foreignKey, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { clinics, users } from '../../platform/auth/identity.table.js';
import { clinicId, createdAt, identityId, ref } from '../../platform/db/columns.js';

/**
 * One notification of one user (docs/notifications.md). It stores a kind and its placeholder values, not a text,
 * so it reads in the reader's language. `pushedAt` null means its web push is still to send (the
 * `notifications.push` job claims such rows). `dedupeKey`, when set, is unique per user: a daily job that runs
 * twice notifies once.
 */
export const notifications = pgTable(
  'notifications',
  {
    clinicId: clinicId().references(() => clinics.id),
    id: identityId(),
    userId: ref('user_id').notNull(),
    kind: text('kind').notNull(),
    params: jsonb('params').$type<NotificationParams>().notNull().default({}),
    route: text('route'),
    isRead: boolean('is_read').notNull().default(false),
    dedupeKey: text('dedupe_key'),
    pushedAt: timestamp('pushed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.id] }),
    foreignKey({ columns: [t.clinicId, t.userId], foreignColumns: [users.clinicId, users.id] }).onDelete('cascade'),
    index('notifications_user_ix').on(t.clinicId, t.userId, t.id),
    index('notifications_push_ix').on(t.clinicId, t.id).where(sql`${t.pushedAt} is null`),
    uniqueIndex('notifications_dedupe_key_uq').on(t.clinicId, t.userId, t.dedupeKey),
  ],
);
