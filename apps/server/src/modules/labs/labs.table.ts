import { sql } from 'drizzle-orm';
import {
  boolean, check, date, foreignKey, index, integer, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex,
} from 'drizzle-orm/pg-core';
import { clinics, users } from '../../platform/auth/identity.table.js';
import { clinicId, createdAt, identityId, money, ref, updatedAt } from '../../platform/db/columns.js';
import { patientProcedures } from '../patient-procedures/patient-procedures.table.js';
import { patientFk } from '../patients/patients.table.js';

/*
 * Labs, their services and price lists, lab orders with their status history, and the link of a lab's users to
 * their lab (issue 16; docs/labs.md). Every key starts with clinic_id (tenancy, distribution).
 */

/** A dental lab the clinic sends work to. Names are unique in the clinic, ignoring case. */
export const labs = pgTable(
  'labs',
  {
    clinicId: clinicId().references(() => clinics.id),
    id: identityId(),
    name: text('name').notNull(),
    contactPerson: text('contact_person'),
    mobile: text('mobile'),
    email: text('email'),
    address: text('address'),
    notes: text('notes'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.clinicId, t.id] }), uniqueIndex('labs_name_uq').on(t.clinicId, sql`lower(${t.name})`)],
);

/** A service a lab offers (zirconia crown, PFM crown, night guard ...); names unique within the lab. */
export const labServices = pgTable(
  'lab_services',
  {
    clinicId: clinicId(),
    id: identityId(),
    labId: ref('lab_id').notNull(),
    nameAr: text('name_ar').notNull(),
    nameEn: text('name_en').notNull(),
    /** Shown in French; the English name when empty. */
    nameFr: text('name_fr'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.id] }),
    foreignKey({ columns: [t.clinicId, t.labId], foreignColumns: [labs.clinicId, labs.id] }).onDelete('cascade'),
    uniqueIndex('lab_services_name_ar_uq').on(t.clinicId, t.labId, sql`lower(${t.nameAr})`),
    uniqueIndex('lab_services_name_en_uq').on(t.clinicId, t.labId, sql`lower(${t.nameEn})`),
  ],
);

/** A lab's price of one of its services (the lab's cost to the clinic); one per lab and service. */
export const labPrices = pgTable(
  'lab_prices',
  {
    clinicId: clinicId(),
    id: identityId(),
    labId: ref('lab_id').notNull(),
    labServiceId: ref('lab_service_id').notNull(),
    price: money('price').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.id] }),
    foreignKey({ columns: [t.clinicId, t.labId], foreignColumns: [labs.clinicId, labs.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.clinicId, t.labServiceId], foreignColumns: [labServices.clinicId, labServices.id] }).onDelete('cascade'),
    uniqueIndex('lab_prices_service_uq').on(t.clinicId, t.labId, t.labServiceId),
    check('lab_prices_price_ck', sql`${t.price} >= 0`),
  ],
);

/**
 * A lab order: work a lab makes for a patient (optionally for a patient procedure and one of its teeth). `status`
 * moves only along LAB_ORDER_TRANSITIONS, under a row lock, each step in lab_order_status_history; `version` moves
 * on with every change. `price` is the lab's cost, copied from its price list when the order is saved.
 */
export const labOrders = pgTable(
  'lab_orders',
  {
    clinicId: clinicId(),
    id: identityId(),
    orderNo: integer('order_no').notNull(),
    patientId: ref('patient_id').notNull(),
    patientProcedureId: ref('patient_procedure_id'),
    tooth: integer('tooth'),
    labId: ref('lab_id').notNull(),
    labServiceId: ref('lab_service_id').notNull(),
    doctorId: ref('doctor_id'),
    status: text('status').notNull().default('LOS1'),
    shapeType: text('shape_type'),
    shade: text('shade'),
    neck: text('neck'),
    body: text('body'),
    incisal: text('incisal'),
    sendDate: date('send_date', { mode: 'string' }),
    expectedDeliveryDate: date('expected_delivery_date', { mode: 'string' }),
    price: money('price').notNull(),
    notes: text('notes'),
    /** When the lab marked the current preparation ready (LOS2/LOS5); cleared when it moves on. */
    readyAt: timestamp('ready_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    createdBy: ref('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.id] }),
    patientFk(t),
    foreignKey({ columns: [t.clinicId, t.patientProcedureId], foreignColumns: [patientProcedures.clinicId, patientProcedures.id] }),
    foreignKey({ columns: [t.clinicId, t.labId], foreignColumns: [labs.clinicId, labs.id] }),
    foreignKey({ columns: [t.clinicId, t.labServiceId], foreignColumns: [labServices.clinicId, labServices.id] }),
    foreignKey({ columns: [t.clinicId, t.doctorId], foreignColumns: [users.clinicId, users.id] }),
    foreignKey({ columns: [t.clinicId, t.createdBy], foreignColumns: [users.clinicId, users.id] }),
    uniqueIndex('lab_orders_order_no_uq').on(t.clinicId, t.orderNo),
    index('lab_orders_lab_idx').on(t.clinicId, t.labId, t.createdAt),
    // the list's default order (newest first) without sorting every order of the clinic (issue 19)
    index('lab_orders_created_idx').on(t.clinicId, t.createdAt, t.id),
    index('lab_orders_patient_idx').on(t.clinicId, t.patientId),
    index('lab_orders_procedure_idx').on(t.clinicId, t.patientProcedureId),
    index('lab_orders_service_idx').on(t.clinicId, t.labServiceId),
    index('lab_orders_expected_idx').on(t.clinicId, t.expectedDeliveryDate),
    // the orders still open (not received, used or cancelled): the overdue count of the list's totals (session 13)
    index('lab_orders_open_expected_idx')
      .on(t.clinicId, t.expectedDeliveryDate)
      .where(sql`${t.status} not in ('LOS7', 'LOS3', 'LOS6')`),
    check('lab_orders_status_ck', sql`${t.status} in ('LOS1', 'LOS2', 'LOS3', 'LOS4', 'LOS5', 'LOS6', 'LOS7')`),
    check('lab_orders_price_ck', sql`${t.price} >= 0`),
  ],
);

/**
 * How many orders a clinic has in each status and their price summed: a summary of lab_orders kept by triggers in
 * the same transaction as each order's insert, status or price change and delete (the migration's hand-written part),
 * so the unfiltered list's totals read a few rows instead of every order (issue 19, session 13). Never written by
 * the application; `labOrderTotalsDrift` recomputes it from the orders (tests).
 */
export const labOrderTotals = pgTable(
  'lab_order_totals',
  {
    clinicId: clinicId(),
    status: text('status').notNull(),
    orders: integer('orders').notNull().default(0),
    price: numeric('price').notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.clinicId, t.status] })],
);

/** Every step of a lab order: who, when, from which status (null: created) to which; the lab's ready mark too. */
export const labOrderStatusHistory = pgTable(
  'lab_order_status_history',
  {
    clinicId: clinicId(),
    id: identityId(),
    labOrderId: ref('lab_order_id').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    ready: boolean('ready').notNull().default(false),
    note: text('note'),
    userId: ref('user_id'),
    byLab: boolean('by_lab').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.id] }),
    foreignKey({ columns: [t.clinicId, t.labOrderId], foreignColumns: [labOrders.clinicId, labOrders.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.clinicId, t.userId], foreignColumns: [users.clinicId, users.id] }),
    index('lab_order_status_history_order_idx').on(t.clinicId, t.labOrderId, t.id),
  ],
);

/** A lab's staff login: the user (of the built-in lab role) and the one lab it works for. */
export const labUsers = pgTable(
  'lab_users',
  {
    clinicId: clinicId(),
    userId: ref('user_id').notNull(),
    labId: ref('lab_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.userId] }),
    foreignKey({ columns: [t.clinicId, t.userId], foreignColumns: [users.clinicId, users.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.clinicId, t.labId], foreignColumns: [labs.clinicId, labs.id] }).onDelete('cascade'),
    index('lab_users_lab_idx').on(t.clinicId, t.labId),
  ],
);


/**
 * A file sent with a lab order (photo or scan of an impression, x-ray, PDF), by the clinic or by the order's lab.
 * Files live in the clinic's private folder (signed links only). Removing one keeps the row with who and when
 * (`deleted_at`, `deleted_by`); removed rows are not listed.
 */
export const labOrderAttachments = pgTable(
  'lab_order_attachments',
  {
    clinicId: clinicId(),
    id: identityId(),
    labOrderId: ref('lab_order_id').notNull(),
    attachmentType: text('attachment_type').notNull(),
    fileKey: text('file_key').notNull(),
    thumbnailKey: text('thumbnail_key'),
    fileName: text('file_name').notNull(),
    size: integer('size').notNull(),
    comments: text('comments'),
    byLab: boolean('by_lab').notNull().default(false),
    createdBy: ref('created_by'),
    createdAt: createdAt(),
    deletedBy: ref('deleted_by'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.id] }),
    foreignKey({ columns: [t.clinicId, t.labOrderId], foreignColumns: [labOrders.clinicId, labOrders.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.clinicId, t.createdBy], foreignColumns: [users.clinicId, users.id] }),
    foreignKey({ columns: [t.clinicId, t.deletedBy], foreignColumns: [users.clinicId, users.id] }),
    index('lab_order_attachments_order_idx').on(t.clinicId, t.labOrderId, t.id),
    check('lab_order_attachments_type_ck', sql`${t.attachmentType} in ('image', 'pdf')`),
  ],
);
