import { BOOKING_TIER, type BookingType, type Tier, tierRank } from '@dental/contract';
import { findClinicByName } from '../../platform/auth/auth.service.js';
import type { clinics } from '../../platform/auth/identity.table.js';
import type { Queryable } from '../../platform/db/types.js';
import { AppError } from '../../platform/errors.js';

export type ClinicRow = typeof clinics.$inferSelect;

/** The clinic's booking settings (spec §3 Clinic), read from its row. */
export interface BookingSettings {
  type: BookingType;
  /** Minutes per slot. */
  interval: number;
  gapDays: number;
  days: number;
  /** Local 'HH:mm'. */
  timeStart: string;
  timeEnd: string;
  /** 0: no limit. */
  maxPerDay: number;
  timeZone: string;
}

/**
 * The clinic a public booking call names, read with the owner's handle as the login does; an unknown or inactive
 * clinic is 404 clinic_not_found (one answer for both, so the page does not tell them apart). A clinic below
 * BOOKING_TIER has no approval list for website patients, so its booking page is closed (409 booking_closed).
 */
export async function bookingClinic(db: Queryable, clinicName: string): Promise<ClinicRow> {
  const clinic = await findClinicByName(db, clinicName);
  if (!clinic || !clinic.isActive) throw new AppError('clinic_not_found');
  if (tierRank(clinic.subscriptionType as Tier) < tierRank(BOOKING_TIER)) throw new AppError('booking_closed');
  return clinic;
}

export const settingsOf = (c: ClinicRow): BookingSettings => ({
  type: c.appointmentBookingType === 'turn' ? 'turn' : 'time',
  interval: c.appointmentBookingInterval,
  gapDays: c.appointmentBookingGapDays,
  days: c.appointmentBookingDays,
  timeStart: c.appointmentBookingTimeStart,
  timeEnd: c.appointmentBookingTimeEnd,
  maxPerDay: c.maxBookingsPerDay,
  timeZone: c.timeZone,
});
