import { APPOINTMENT_STATUSES } from '../enums.js';

export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/** Spec §4 names (labels are translated in the web app: `scheduler:status.AS0` ...). */
export const APPOINTMENT_STATUS_NAMES: Record<AppointmentStatus, string> = {
  AS0: 'Pending',
  AS1: 'Unconfirmed',
  AS2: 'Confirmed',
  AS3: 'Checked In',
  AS4: 'In Chair',
  AS5: 'Waiting For Doctor',
  AS6: 'Completed',
  AS7: 'Checkout',
  AS8: 'Canceled',
  AS9: 'Missed',
  AS10: 'Rescheduled',
};

/**
 * The allowed status changes (the spec leaves them open; docs/scheduler.md explains them). AS3 is reached only by
 * check-in (`SaveCheckIn`) and AS7 only by check-out (`SaveCheckOut`), which record who and when; every other
 * change goes through `UpdateAppointmentStatus`. Checkout (AS7) and Rescheduled (AS10) are final.
 */
export const APPOINTMENT_TRANSITIONS: Record<AppointmentStatus, readonly AppointmentStatus[]> = {
  AS0: ['AS1', 'AS2', 'AS8'],
  AS1: ['AS2', 'AS3', 'AS8', 'AS9', 'AS10'],
  AS2: ['AS1', 'AS3', 'AS8', 'AS9', 'AS10'],
  AS3: ['AS4', 'AS5', 'AS7', 'AS8'],
  AS4: ['AS5', 'AS6', 'AS7'],
  AS5: ['AS4', 'AS7'],
  AS6: ['AS7'],
  AS7: [],
  AS8: ['AS1', 'AS2'],
  AS9: ['AS1', 'AS2', 'AS10'],
  AS10: [],
};

export const CHECK_IN_STATUS: AppointmentStatus = 'AS3';
export const CHECK_OUT_STATUS: AppointmentStatus = 'AS7';
/** Statuses an appointment may be created with by staff. */
export const NEW_APPOINTMENT_STATUSES = ['AS1', 'AS2'] as const;
/** Statuses the auto-missed job turns into Missed (AS9) once the appointment has ended. */
export const MISSABLE_STATUSES: readonly AppointmentStatus[] = ['AS1', 'AS2'];
/** Statuses that no longer hold the doctor's or room's time (ignored by the overlap check and free slots). */
export const INACTIVE_STATUSES: readonly AppointmentStatus[] = ['AS8', 'AS9', 'AS10'];
/** The waiting display's groups (spec: arrived, in chair, waiting for doctor). */
export const WAITING_DISPLAY_STATUSES: readonly AppointmentStatus[] = ['AS3', 'AS4', 'AS5'];

export const canMoveTo = (from: AppointmentStatus, to: AppointmentStatus) => APPOINTMENT_TRANSITIONS[from].includes(to);
/** Next steps reachable through UpdateAppointmentStatus (check-in and check-out have their own calls). */
export const statusUpdateTargets = (from: AppointmentStatus) =>
  APPOINTMENT_TRANSITIONS[from].filter((s) => s !== CHECK_IN_STATUS && s !== CHECK_OUT_STATUS);
