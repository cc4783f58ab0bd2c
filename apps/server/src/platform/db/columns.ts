import { bigint, numeric, timestamp } from 'drizzle-orm/pg-core';

/** Columns every tenant table starts with; primary keys are (clinic_id, id). */
export const clinicId = () => bigint('clinic_id', { mode: 'number' }).notNull();
export const identityId = () => bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity();
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** A reference to another row's id (bigint ids read as numbers). */
export const ref = (name: string) => bigint(name, { mode: 'number' });
/** Money: exact, 3 decimals so LYD fits; services round to the clinic currency's decimals (MONEY.md). */
export const money = (name: string) => numeric(name, { precision: 14, scale: 3 });
