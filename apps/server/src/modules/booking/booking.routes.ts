import { BOOKING_RULES, type CallDescriptor, bookingCalls as c } from '@dental/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { registerPublicCall } from '../../platform/calls.js';
import { withTenant } from '../../platform/db/tenancy.js';
import { fail } from '../../platform/errors.js';
import type { Tx } from '../../platform/db/types.js';
import { type ClinicRow, bookingClinic } from './booking-clinic.js';
import { getBookingDays, getBookingInfo, getFreeSlots } from './booking-days.service.js';
import { addressHash, recordBookingAttempt } from './booking-limits.js';
import { book } from './booking.service.js';
import { e164Mobile } from '../patients/index.js';

/**
 * The public booking page's calls (no login). Each resolves the clinic by its name with the owner's handle, as the
 * login does, then works inside that clinic's tenant transaction.
 */
export function registerBookingRoutes(app: FastifyInstance) {
  // the page's reads are cheap but public: an address may not hammer them (Book has its own limits in the database)
  const read = <D extends CallDescriptor<z.ZodType<{ clinicName: string }>>>(
    d: D,
    run: (tx: Tx, clinic: ClinicRow, input: z.output<D['input']>, now: Date) => Promise<z.input<D['output']>>,
  ) =>
    registerPublicCall(
      app,
      d,
      async ({ db }, input) => {
        const clinic = await bookingClinic(db, input.clinicName);
        return withTenant(db, clinic.id, (tx) => run(tx, clinic, input, new Date()));
      },
      { perMinute: BOOKING_RULES.maxReadsPerAddressPerMinute },
    );
  read(c.getBookingInfo, (tx, clinic, _input, now) => getBookingInfo(tx, clinic, now));
  read(c.getBookingDays, getBookingDays);
  read(c.getFreeSlots, getFreeSlots);
  registerPublicCall(app, c.book, async ({ req, db, lang, deps }, typed) => {
    const clinic = await bookingClinic(db, typed.clinicName);
    // read as patients' mobiles are (E.164 for the clinic's country, a mobile, not a landline), before anything counts it
    const read = e164Mobile(typed.mobile, clinic.countryId);
    if ('issue' in read) return fail('validation', { mobile: read.issue });
    const input = { ...typed, mobile: read.number };
    const now = new Date();
    // counted in its own transaction, so that a refused booking still counts against the limits
    const attemptId = await withTenant(db, clinic.id, (tx) =>
      recordBookingAttempt(tx, clinic.id, addressHash(req.ip, deps.config.TOKEN_SECRET), input.mobile, now),
    );
    return withTenant(db, clinic.id, (tx) => book(tx, clinic, input, { now, lang, attemptId, hub: deps.hub, jobs: deps.jobs }));
  });
}
