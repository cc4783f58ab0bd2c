import { sql } from 'drizzle-orm';
import {
  bigint, boolean, foreignKey, index, integer, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex,
} from 'drizzle-orm/pg-core';
import { clinicId, createdAt, identityId, updatedAt } from '../db/columns.js';

/** The tenant root. Not a tenant table itself: its id is every other table's clinic_id. */
export const clinics = pgTable(
  'clinics',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    clinicName: text('clinic_name').notNull(),
    displayName: text('display_name').notNull(),
    countryId: text('country_id').notNull().default('CN3'),
    currency: text('currency').notNull().default('EGP'),
    timeZone: text('time_zone').notNull().default('Africa/Cairo'),
    subscriptionType: text('subscription_type').notNull().default('ST0'),
    isActive: boolean('is_active').notNull().default(true),
    showMessagePopup: boolean('show_message_popup').notNull().default(true),
    toothNumberingSystem: text('tooth_numbering_system').notNull().default('FDI'),
    // clinic details (spec §3 Clinic)
    address: text('address'),
    city: text('city'),
    mobile: text('mobile'),
    msgNumber: text('msg_number'),
    vatPercentage: numeric('vat_percentage', { precision: 5, scale: 2 }).notNull().default('0'),
    commercialRegistrationNo: text('commercial_registration_no'),
    taxNo: text('tax_no'),
    // behaviour flags
    addAppointmentOnProcedureCreate: boolean('add_appointment_on_procedure_create').notNull().default(false),
    autoUpdateAppointmentToMissed: boolean('auto_update_appointment_to_missed').notNull().default(false),
    allowDragAndDropInCalendar: boolean('allow_drag_and_drop_in_calendar').notNull().default(true),
    allowResizingInCalendar: boolean('allow_resizing_in_calendar').notNull().default(true),
    showProcedureMaterialsPopup: boolean('show_procedure_materials_popup').notNull().default(false),
    checkPatientInsuranceLimit: boolean('check_patient_insurance_limit').notNull().default(false),
    autoApprovePatient: boolean('auto_approve_patient').notNull().default(false),
    /** Our addition (issue 5): whether a doctor or room may hold two appointments at one time (after a warning). */
    allowOverlappingAppointments: boolean('allow_overlapping_appointments').notNull().default(false),
    // public booking
    appointmentBookingType: text('appointment_booking_type').notNull().default('time'),
    appointmentBookingInterval: integer('appointment_booking_interval').notNull().default(30),
    appointmentBookingGapDays: integer('appointment_booking_gap_days').notNull().default(0),
    appointmentBookingDays: integer('appointment_booking_days').notNull().default(14),
    appointmentBookingTimeStart: text('appointment_booking_time_start').notNull().default('09:00'),
    appointmentBookingTimeEnd: text('appointment_booking_time_end').notNull().default('21:00'),
    maxBookingsPerDay: integer('max_bookings_per_day').notNull().default(0),
    maxAttendanceDistance: integer('max_attendance_distance').notNull().default(0),
    // social links
    website: text('website'),
    facebook: text('facebook'),
    twitter: text('twitter'),
    instagram: text('instagram'),
    whatsapp: text('whatsapp'),
    tiktok: text('tiktok'),
    youTube: text('you_tube'),
    snapchat: text('snapchat'),
    video: text('video'),
    logoKey: text('logo_key'),
    updateUserId: bigint('update_user_id', { mode: 'number' }),
    /**
     * Moves on (by trigger, migration 0007) with every change to this clinic or to what a session is made of:
     * its users, roles, role keys, branches and user branches. A cached session is used only while it is unchanged.
     */
    sessionStamp: bigint('session_stamp', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('clinics_name_uq').on(sql`lower(${t.clinicName})`)],
);

export const branches = pgTable(
  'branches',
  {
    clinicId: clinicId().references(() => clinics.id),
    id: identityId(),
    name: text('name').notNull(),
    mobile: text('mobile'),
    /** Where the branch is, for the booking page's maximum attendance distance (both or neither). */
    latitude: numeric('latitude', { precision: 9, scale: 6, mode: 'number' }),
    longitude: numeric('longitude', { precision: 9, scale: 6, mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.clinicId, t.id] }), uniqueIndex('branches_name_uq').on(t.clinicId, t.name)],
);

/** Default roles (code RL1-RL7) and a clinic's custom roles, which carry the base role code they act as. */
export const roles = pgTable(
  'roles',
  {
    clinicId: clinicId().references(() => clinics.id),
    id: identityId(),
    code: text('code'),
    baseRole: text('base_role').notNull(),
    nameAr: text('name_ar').notNull(),
    nameEn: text('name_en').notNull(),
    /** Shown in French; null: a built-in role's translated name, else the English one (issue 18). */
    nameFr: text('name_fr'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.clinicId, t.id] }), uniqueIndex('roles_code_uq').on(t.clinicId, t.code)],
);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    clinicId: clinicId(),
    roleId: bigint('role_id', { mode: 'number' }).notNull(),
    permissionKey: text('permission_key').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.roleId, t.permissionKey] }),
    foreignKey({ columns: [t.clinicId, t.roleId], foreignColumns: [roles.clinicId, roles.id] }).onDelete('cascade'),
  ],
);

export const users = pgTable(
  'users',
  {
    clinicId: clinicId().references(() => clinics.id),
    id: identityId(),
    userName: text('user_name').notNull(),
    fullName: text('full_name').notNull(),
    displayName: text('display_name').notNull(),
    email: text('email').notNull(),
    mobile: text('mobile'),
    passwordHash: text('password_hash').notNull(),
    tokenVersion: integer('token_version').notNull().default(1),
    roleId: bigint('role_id', { mode: 'number' }).notNull(),
    branchId: bigint('branch_id', { mode: 'number' }),
    countryId: text('country_id'),
    language: text('language').notNull().default('ar'),
    theme: text('theme').notNull().default('light'),
    /** FDI or Palmer on the dental chart; null follows the clinic's setting. */
    toothNumberingSystem: text('tooth_numbering_system'),
    photoJson: text('photo_json'),
    fcmToken: text('fcm_token'),
    workingHours: text('working_hours'),
    /** Takes appointments: listed as a doctor on the calendar, its filters and the appointment form. */
    isDoctor: boolean('is_doctor').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    /** Deleted users stay for the records that name them; they cannot log in and free their e-mail, name and mobile. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.id] }),
    foreignKey({ columns: [t.clinicId, t.roleId], foreignColumns: [roles.clinicId, roles.id] }),
    foreignKey({ columns: [t.clinicId, t.branchId], foreignColumns: [branches.clinicId, branches.id] }),
    uniqueIndex('users_email_uq').on(t.clinicId, sql`lower(${t.email})`).where(sql`${t.deletedAt} is null`),
    uniqueIndex('users_user_name_uq').on(t.clinicId, sql`lower(${t.userName})`).where(sql`${t.deletedAt} is null`),
    uniqueIndex('users_mobile_uq').on(t.clinicId, t.mobile).where(sql`${t.deletedAt} is null`),
  ],
);

/** A user's working shifts per weekday (0 Sunday .. 6 Saturday); end may be 24:00; shifts of a day never overlap. */
export const userWorkingHours = pgTable(
  'user_working_hours',
  {
    clinicId: clinicId(),
    id: identityId(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    dayOfWeek: integer('day_of_week').notNull(),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.id] }),
    foreignKey({ columns: [t.clinicId, t.userId], foreignColumns: [users.clinicId, users.id] }).onDelete('cascade'),
    index('user_working_hours_user_idx').on(t.clinicId, t.userId),
  ],
);

/** Browser push subscriptions of a user (PostFCMToken / DeleteFCMToken); one user may have several devices. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    clinicId: clinicId(),
    id: identityId(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    token: text('token').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.id] }),
    foreignKey({ columns: [t.clinicId, t.userId], foreignColumns: [users.clinicId, users.id] }).onDelete('cascade'),
    uniqueIndex('push_subscriptions_token_uq').on(t.clinicId, t.token),
  ],
);

export const userBranches = pgTable(
  'user_branches',
  {
    clinicId: clinicId(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    branchId: bigint('branch_id', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.userId, t.branchId] }),
    foreignKey({ columns: [t.clinicId, t.userId], foreignColumns: [users.clinicId, users.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.clinicId, t.branchId], foreignColumns: [branches.clinicId, branches.id] }).onDelete('cascade'),
  ],
);

/** One-time secrets to set a new password: a mailed link (kind 'link') or a code an administrator issued. */
export const passwordResets = pgTable(
  'password_resets',
  {
    clinicId: clinicId(),
    id: identityId(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    secretHash: text('secret_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.id] }),
    foreignKey({ columns: [t.clinicId, t.userId], foreignColumns: [users.clinicId, users.id] }).onDelete('cascade'),
    index('password_resets_secret_idx').on(t.secretHash),
  ],
);

/** The provider's own staff (RL0). */
export const providerAdmins = pgTable('provider_admins', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  tokenVersion: integer('token_version').notNull().default(1),
  createdAt: createdAt(),
});

/** Failed login attempts, counted per account and per address over a sliding window. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    attemptKey: text('attempt_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('login_attempts_key_idx').on(t.attemptKey, t.createdAt)],
);

/** Mail waiting to be sent, or kept as the record when no mail server is configured. */
export const mailOutbox = pgTable('mail_outbox', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  error: text('error'),
  createdAt: createdAt(),
});
