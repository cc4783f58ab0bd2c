import { bigint, timestamp } from 'drizzle-orm/pg-core';

/** Columns every tenant table starts with; primary keys are (clinic_id, id). */
export const clinicId = () => bigint('clinic_id', { mode: 'number' }).notNull();
export const identityId = () => bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity();
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
