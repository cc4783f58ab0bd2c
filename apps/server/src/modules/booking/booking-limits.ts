import { createHash, createHmac } from 'node:crypto';
import { BOOKING_RULES } from '@dental/contract';
import { and, count, eq, gt, lt } from 'drizzle-orm';
import { lockKeys } from '../../platform/db/locks.js';
import type { Tx } from '../../platform/db/types.js';
import { AppError } from '../../platform/errors.js';
import { bookingAttempts } from '../scheduler/scheduler.table.js';

const HOUR_MS = 3_600_000;

/**
 * The caller's address as stored in booking_attempts: SHA-256 of the address with a salt derived from the token
 * secret, so the table never holds an address in clear and a leaked table cannot be reversed by trying addresses.
 */
export function addressHash(address: string, tokenSecret: string): string {
  const salt = createHmac('sha256', tokenSecret).update('booking-address-salt').digest('hex');
  return createHash('sha256').update(`${salt}:${address}`).digest('hex');
}

/**
 * Counts a Book call against the limits (BOOKING_RULES) in its own transaction, before the booking runs, so that
 * refused and failed bookings count too: at most maxCallsPerAddressPerHour per address and
 * maxCallsPerMobilePerHour per mobile, else 429 too_many_attempts (a refused call is not recorded, so the table
 * stays small). Prunes the clinic's attempts older than attemptsKeptHours. Returns the attempt's id. The counts
 * run under the address's and the mobile's advisory locks, so calls at once cannot all pass the same last place.
 */
export async function recordBookingAttempt(tx: Tx, clinicId: number, hash: string, mobile: string, now: Date): Promise<number> {
  await lockKeys(tx, [`booking-attempts:address:${hash}`, `booking-attempts:mobile:${mobile}`]);
  await tx
    .delete(bookingAttempts)
    .where(and(eq(bookingAttempts.clinicId, clinicId), lt(bookingAttempts.createdAt, new Date(now.getTime() - BOOKING_RULES.attemptsKeptHours * HOUR_MS))));
  const since = new Date(now.getTime() - HOUR_MS);
  const recent = async (match: ReturnType<typeof eq>) => {
    const [row] = await tx
      .select({ n: count() })
      .from(bookingAttempts)
      .where(and(eq(bookingAttempts.clinicId, clinicId), match, gt(bookingAttempts.createdAt, since)));
    return row?.n ?? 0;
  };
  if ((await recent(eq(bookingAttempts.addressHash, hash))) >= BOOKING_RULES.maxCallsPerAddressPerHour)
    throw new AppError('too_many_attempts');
  if ((await recent(eq(bookingAttempts.mobile, mobile))) >= BOOKING_RULES.maxCallsPerMobilePerHour)
    throw new AppError('too_many_attempts');
  const [row] = await tx
    .insert(bookingAttempts)
    .values({ clinicId, addressHash: hash, mobile, createdAt: now })
    .returning({ id: bookingAttempts.id });
  return row!.id;
}

/** Marks the attempt as the one that booked (kept for the clinic's own review of abuse). */
export async function markAttemptBooked(tx: Tx, clinicId: number, attemptId: number) {
  await tx
    .update(bookingAttempts)
    .set({ booked: true })
    .where(and(eq(bookingAttempts.clinicId, clinicId), eq(bookingAttempts.id, attemptId)));
}
