import { bookingCalls as c } from '@dental/contract';
import type { FastifyInstance } from 'fastify';
import { registerPublicCall } from '../../platform/calls.js';
import { withTenant } from '../../platform/db/tenancy.js';
import { bookingClinic } from './booking-clinic.js';
import { getBookingDays, getBookingInfo, getFreeSlots } from './booking-days.service.js';
import { addressHash, recordBookingAttempt } from './booking-limits.js';
import { book } from './booking.service.js';

/**
 * The public booking page's calls (no login). Each resolves the clinic by its name with the owner's handle, as the
 * login does, then works inside that clinic's tenant transaction.
 */
export function registerBookingRoutes(app: FastifyInstance) {
  registerPublicCall(app, c.getBookingInfo, async ({ db }, input) => {
    const clinic = await bookingClinic(db, input.clinicName);
    return withTenant(db, clinic.id, (tx) => getBookingInfo(tx, clinic, new Date()));
  });
  registerPublicCall(app, c.getBookingDays, async ({ db }, input) => {
    const clinic = await bookingClinic(db, input.clinicName);
    return withTenant(db, clinic.id, (tx) => getBookingDays(tx, clinic, input, new Date()));
  });
  registerPublicCall(app, c.getFreeSlots, async ({ db }, input) => {
    const clinic = await bookingClinic(db, input.clinicName);
    return withTenant(db, clinic.id, (tx) => getFreeSlots(tx, clinic, input, new Date()));
  });
  registerPublicCall(app, c.book, async ({ req, db, lang, deps }, input) => {
    const clinic = await bookingClinic(db, input.clinicName);
    const now = new Date();
    // counted in its own transaction, so that a refused booking still counts against the limits
    const attemptId = await withTenant(db, clinic.id, (tx) =>
      recordBookingAttempt(tx, clinic.id, addressHash(req.ip, deps.config.TOKEN_SECRET), input.mobile, now),
    );
    return withTenant(db, clinic.id, (tx) => book(tx, clinic, input, { now, lang, attemptId, hub: deps.hub }));
  });
}
