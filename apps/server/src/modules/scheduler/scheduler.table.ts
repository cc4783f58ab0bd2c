import { sql } from 'drizzle-orm';
import {
  boolean, check, date, foreignKey, index, integer, pgTable, primaryKey, smallint, text, timestamp,
} from 'drizzle-orm/pg-core';
import { branches, clinics, users } from '../../platform/auth/identity.table.js';
import { clinicId, createdAt, identityId, ref, updatedAt } from '../../platform/db/columns.js';
import { rooms } from '../lookups/lookups.table.js';
import { patientFk } from '../patients/patients.table.js';

const instant = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A recurrence rule (spec §3 Appointment "recurrence"): its occurrences are stored as ordinary appointments
 * carrying `series_id`, so the calendar reads one table; the rule is kept to extend or describe the series.
 * `weekdays` are 0 Sunday .. 6 Saturday (weekly only). Exactly one of `untilDate` / `count` ends the series.
 */
export const appointmentSeries = pgTable(
  'appointment_series',
  {
    clinicId: clinicId().references(() => clinics.id),
    id: identityId(),
    frequency: text('frequency').notNull(),
    interval: smallint('interval').notNull().default(1),
    weekdays: smallint('weekdays').array(),
    untilDate: date('until_date', { mode: 'string' }),
    count: smallint('count'),
    createdBy: ref('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.id] }),
    foreignKey({ columns: [t.clinicId, t.createdBy], foreignColumns: [users.clinicId, users.id] }),
    check('appointment_series_frequency_ck', sql`${t.frequency} in ('daily', 'weekly', 'monthly')`),
  ],
);

/**
 * An appointment (spec §3, statuses AS0-AS10 of §4). Times are instants (timestamptz); the clinic's day is
 * computed in the clinic's time zone. Doctor and room are required for appointments made by staff; a booking
 * from the public page (`source` 'website', status AS0) has neither until the clinic assigns them. `version`
 * grows on every change: a save that sends an older version is refused as changed (no silent overwrite).
 */
export const appointments = pgTable(
  'appointments',
  {
    clinicId: clinicId().references(() => clinics.id),
    id: identityId(),
    branchId: ref('branch_id').notNull(),
    patientId: ref('patient_id').notNull(),
    doctorId: ref('doctor_id'),
    roomId: ref('room_id'),
    seriesId: ref('series_id'),
    startsAt: instant('starts_at').notNull(),
    endsAt: instant('ends_at').notNull(),
    allDay: boolean('all_day').notNull().default(false),
    status: text('status').notNull().default('AS1'),
    notes: text('notes'),
    /** 'clinic' (staff) or 'website' (public booking page). */
    source: text('source').notNull().default('clinic'),
    /** Booking by turn: the patient's number in the day's queue. */
    turnNumber: integer('turn_number'),
    checkInAt: instant('check_in_at'),
    checkInBy: ref('check_in_by'),
    checkOutAt: instant('check_out_at'),
    checkOutBy: ref('check_out_by'),
    statusUpdatedAt: instant('status_updated_at'),
    statusUpdatedBy: ref('status_updated_by'),
    version: integer('version').notNull().default(1),
    createdBy: ref('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.id] }),
    foreignKey({ columns: [t.clinicId, t.branchId], foreignColumns: [branches.clinicId, branches.id] }),
    patientFk(t),
    foreignKey({ columns: [t.clinicId, t.doctorId], foreignColumns: [users.clinicId, users.id] }),
    foreignKey({ columns: [t.clinicId, t.roomId], foreignColumns: [rooms.clinicId, rooms.id] }),
    foreignKey({ columns: [t.clinicId, t.seriesId], foreignColumns: [appointmentSeries.clinicId, appointmentSeries.id] }),
    foreignKey({ columns: [t.clinicId, t.checkInBy], foreignColumns: [users.clinicId, users.id] }),
    foreignKey({ columns: [t.clinicId, t.checkOutBy], foreignColumns: [users.clinicId, users.id] }),
    foreignKey({ columns: [t.clinicId, t.statusUpdatedBy], foreignColumns: [users.clinicId, users.id] }),
    foreignKey({ columns: [t.clinicId, t.createdBy], foreignColumns: [users.clinicId, users.id] }),
    check('appointments_range_ck', sql`${t.endsAt} > ${t.startsAt}`),
    check('appointments_status_ck', sql`${t.status} ~ '^AS([0-9]|10)$'`),
    check('appointments_source_ck', sql`${t.source} in ('clinic', 'website')`),
    // the calendar: one branch (or one doctor, or one room) between two instants
    index('appointments_branch_starts_idx').on(t.clinicId, t.branchId, t.startsAt),
    index('appointments_doctor_starts_idx').on(t.clinicId, t.doctorId, t.startsAt),
    index('appointments_room_starts_idx').on(t.clinicId, t.roomId, t.startsAt),
    index('appointments_patient_idx').on(t.clinicId, t.patientId, t.startsAt),
    index('appointments_series_idx').on(t.clinicId, t.seriesId),
    // the auto-missed job looks only at past appointments still waiting to happen
    index('appointments_missed_due_idx').on(t.endsAt).where(sql`${t.status} in ('AS1', 'AS2')`),
  ],
);

/**
 * A vacation (spec §3, /VacationsList): whole days from `startDate` to `endDate` inclusive, in the clinic's time
 * zone. Without `userId` it is a clinic holiday (every doctor); with it, that user's leave.
 */
export const vacations = pgTable(
  'vacations',
  {
    clinicId: clinicId().references(() => clinics.id),
    id: identityId(),
    userId: ref('user_id'),
    name: text('name').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    notes: text('notes'),
    createdBy: ref('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.id] }),
    foreignKey({ columns: [t.clinicId, t.userId], foreignColumns: [users.clinicId, users.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.clinicId, t.createdBy], foreignColumns: [users.clinicId, users.id] }),
    check('vacations_range_ck', sql`${t.endDate} >= ${t.startDate}`),
    index('vacations_dates_idx').on(t.clinicId, t.startDate, t.endDate),
  ],
);

/**
 * Requests to the public booking page, kept to rate-limit them per address and per mobile (a bot cannot book a
 * day full). Old rows are pruned by the booking service.
 */
export const bookingAttempts = pgTable(
  'booking_attempts',
  {
    clinicId: clinicId().references(() => clinics.id),
    id: identityId(),
    /** SHA-256 of the caller's address (no address is stored in clear). */
    addressHash: text('address_hash').notNull(),
    mobile: text('mobile'),
    booked: boolean('booked').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.id] }),
    index('booking_attempts_address_idx').on(t.clinicId, t.addressHash, t.createdAt),
    index('booking_attempts_mobile_idx').on(t.clinicId, t.mobile, t.createdAt),
  ],
);
