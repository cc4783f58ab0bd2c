import { bigint, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { clinics } from '../auth/identity.table.js';
import { clinicId } from './columns.js';

/** Per-clinic running numbers (patient codes, later invoice numbers); see `nextNumber()` in counters.ts. */
export const clinicCounters = pgTable(
  'clinic_counters',
  {
    clinicId: clinicId().references(() => clinics.id),
    name: text('name').notNull(),
    value: bigint('value', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.clinicId, t.name] })],
);
