import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { clinics } from '../../platform/auth/identity.table.js';
import { clinicId, createdAt, identityId, updatedAt } from '../../platform/db/columns.js';

/**
 * How one kind of document prints (spec §3 Print settings): the page, margins in millimetres, font sizes in points,
 * header and footer texts, the show flags (`show`, validated by the contract's schema), the language. One default per
 * document type (a partial unique index), used when a print names no settings.
 */
export const printSettings = pgTable(
  'print_settings',
  {
    clinicId: clinicId().references(() => clinics.id),
    id: identityId(),
    name: text('name').notNull(),
    /** invoice, receipt, treatment_plan, statement, prescription, lab_order. */
    documentType: text('document_type').notNull(),
    /** A4, A5 or 80mm (a receipt printer's roll). */
    pageSize: text('page_size').notNull().default('A4'),
    marginTop: integer('margin_top').notNull().default(15),
    marginRight: integer('margin_right').notNull().default(15),
    marginBottom: integer('margin_bottom').notNull().default(15),
    marginLeft: integer('margin_left').notNull().default(15),
    fontSize: integer('font_size').notNull().default(11),
    titleFontSize: integer('title_font_size').notNull().default(16),
    headerText: text('header_text'),
    footerText: text('footer_text'),
    /** ar, en, fr, or 'patient' (the patient's language). */
    language: text('language').notNull().default('ar'),
    show: jsonb('show').$type<Record<string, boolean>>().notNull().default({}),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.id] }),
    uniqueIndex('print_settings_name_uq').on(t.clinicId, t.documentType, sql`lower(${t.name})`),
    uniqueIndex('print_settings_default_uq').on(t.clinicId, t.documentType).where(sql`${t.isDefault}`),
    check('print_settings_page_ck', sql`${t.pageSize} in ('A4', 'A5', '80mm')`),
    check('print_settings_margins_ck', sql`least(${t.marginTop}, ${t.marginRight}, ${t.marginBottom}, ${t.marginLeft}) >= 0
      and greatest(${t.marginTop}, ${t.marginRight}, ${t.marginBottom}, ${t.marginLeft}) <= 50`),
  ],
);
