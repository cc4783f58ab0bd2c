/**
 * The public booking page (issue 5): a clinic's free days, slots or turns by its booking settings, and booking
 * with name and mobile, which makes a pending website appointment and, for a new mobile, a patient waiting for
 * approval. Its tables (appointments, vacations, booking_attempts) belong to the scheduler module.
 *
 * Maximum attendance distance (spec §3 Clinic) is not enforced here: clinics have no location of their own to
 * measure from, so the setting belongs to attendance confirmation (checking in on arrival). Coordinates the
 * patient shares are kept on a new patient.
 */
export { registerBookingRoutes } from './booking.routes.js';
