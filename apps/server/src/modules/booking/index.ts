/**
 * The public booking page (issue 5): a clinic's free days, slots or turns by its booking settings, and booking
 * with name and mobile, which makes a pending website appointment and, for a new mobile, a patient waiting for
 * approval. Its tables (appointments, vacations, booking_attempts) belong to the scheduler module.
 *
 * Maximum attendance distance (spec §3 Clinic): a branch may have a location (our addition, set on the clinic
 * page); a patient who shares where they are can book such a branch only within the clinic's maximum (409
 * booking_too_far). Coordinates the patient shares are kept on a new patient.
 */
export { registerBookingRoutes } from './booking.routes.js';
