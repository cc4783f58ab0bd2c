import { sql } from 'drizzle-orm';
import {
  bigint, boolean, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex,
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
    photoJson: text('photo_json'),
    fcmToken: text('fcm_token'),
    workingHours: text('working_hours'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.id] }),
    foreignKey({ columns: [t.clinicId, t.roleId], foreignColumns: [roles.clinicId, roles.id] }),
    foreignKey({ columns: [t.clinicId, t.branchId], foreignColumns: [branches.clinicId, branches.id] }),
    uniqueIndex('users_email_uq').on(t.clinicId, sql`lower(${t.email})`),
    uniqueIndex('users_user_name_uq').on(t.clinicId, sql`lower(${t.userName})`),
    uniqueIndex('users_mobile_uq').on(t.clinicId, t.mobile),
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
