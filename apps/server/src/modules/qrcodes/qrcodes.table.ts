import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { branches, clinics, users } from '../../platform/auth/identity.table.js';
import { clinicId, createdAt, identityId, ref, updatedAt } from '../../platform/db/columns.js';

/**
 * A printable QR code of the clinic (docs/qrcodes-feedback.md). The token is printed on paper and shown again to
 * reprint, so it is kept as it is (it opens only the code's own purpose); it is signed so a made-up one is refused
 * before any query. Deleting the row ends every printed copy.
 */
export const qrCodes = pgTable(
  'qr_codes',
  {
    clinicId: clinicId().references(() => clinics.id),
    id: identityId(),
    purpose: text('purpose').notNull(),
    label: text('label').notNull(),
    branchId: ref('branch_id'),
    url: text('url'),
    token: text('token').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdBy: ref('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.id] }),
    foreignKey({ columns: [t.clinicId, t.branchId], foreignColumns: [branches.clinicId, branches.id] }),
    foreignKey({ columns: [t.clinicId, t.createdBy], foreignColumns: [users.clinicId, users.id] }),
    uniqueIndex('qr_codes_token_uq').on(t.clinicId, t.token),
    check('qr_codes_purpose_ck', sql`${t.purpose} in ('booking', 'feedback', 'checkin', 'social')`),
  ],
);
