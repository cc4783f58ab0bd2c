import { sql } from 'drizzle-orm';
import { boolean, numeric, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { clinics } from '../../platform/auth/identity.table.js';
import { clinicId, createdAt, identityId, updatedAt } from '../../platform/db/columns.js';

/**
 * Insurance companies the clinic works with. Exactly one row per clinic is the default (created with the clinic):
 * it cannot be deleted.
 */
export const insuranceCompanies = pgTable(
  'insurance_companies',
  {
    clinicId: clinicId().references(() => clinics.id),
    id: identityId(),
    name: text('name').notNull(),
    contactPerson: text('contact_person'),
    mobile: text('mobile'),
    email: text('email'),
    address: text('address'),
    /** Share of a procedure's price the company pays, 0-100. */
    coveragePercentage: numeric('coverage_percentage', { precision: 5, scale: 2 }).notNull().default('100'),
    /** Procedures of its patients need an approval before their status changes (spec §5 Approval). */
    requiresApproval: boolean('requires_approval').notNull().default(false),
    notes: text('notes'),
    isActive: boolean('is_active').notNull().default(true),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.id] }),
    uniqueIndex('insurance_companies_name_uq').on(t.clinicId, sql`lower(${t.name})`),
    uniqueIndex('insurance_companies_default_uq').on(t.clinicId).where(sql`${t.isDefault}`),
  ],
);
