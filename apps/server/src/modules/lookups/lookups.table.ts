import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { clinics } from '../../platform/auth/identity.table.js';
import { clinicId, createdAt, identityId, updatedAt } from '../../platform/db/columns.js';

/** Treatment rooms, shown in their colour on the calendar. */
export const rooms = pgTable(
  'rooms',
  {
    clinicId: clinicId().references(() => clinics.id),
    id: identityId(),
    name: text('name').notNull(),
    color: text('color').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.id] }),
    uniqueIndex('rooms_name_uq').on(t.clinicId, sql`lower(${t.name})`),
  ],
);

/** How patients pay. Exactly one row per clinic is the default (Cash): it cannot be deleted or deactivated. */
export const paymentTypes = pgTable(
  'payment_types',
  {
    clinicId: clinicId().references(() => clinics.id),
    id: identityId(),
    nameAr: text('name_ar').notNull(),
    nameEn: text('name_en').notNull(),
    /** Shown in French; the English name when empty. */
    nameFr: text('name_fr'),
    isActive: boolean('is_active').notNull().default(true),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.id] }),
    uniqueIndex('payment_types_name_ar_uq').on(t.clinicId, sql`lower(${t.nameAr})`),
    uniqueIndex('payment_types_name_en_uq').on(t.clinicId, sql`lower(${t.nameEn})`),
    uniqueIndex('payment_types_default_uq')
      .on(t.clinicId)
      .where(sql`${t.isDefault}`),
  ],
);

/** The lists a clinic edits itself (patient references, occupations ...), one group per list. */
export const clinicLookups = pgTable(
  'clinic_lookups',
  {
    clinicId: clinicId().references(() => clinics.id),
    id: identityId(),
    groupName: text('group_name').notNull(),
    nameAr: text('name_ar').notNull(),
    nameEn: text('name_en').notNull(),
    /** Shown in French; the English name when empty. */
    nameFr: text('name_fr'),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.id] }),
    uniqueIndex('clinic_lookups_name_ar_uq').on(t.clinicId, t.groupName, sql`lower(${t.nameAr})`),
    uniqueIndex('clinic_lookups_name_en_uq').on(t.clinicId, t.groupName, sql`lower(${t.nameEn})`),
  ],
);
