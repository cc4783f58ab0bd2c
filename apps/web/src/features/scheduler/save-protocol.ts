import { ApiError } from '../../lib/api';

/** What the user confirmed after the server asked (spec §5: outside working hours; a doctor or room busy). */
export interface Confirmations {
  confirmOutsideWorkingHours?: boolean;
  confirmOverlap?: boolean;
}

export type ConfirmReason = 'outsideWorkingHours' | 'overlap';
const BUSY = new Set(['appointment_doctor_busy', 'appointment_room_busy']);

/**
 * Sends a save and answers the server's questions: 409 `appointment_outside_working_hours` asks the user and
 * resends with confirmOutsideWorkingHours; a busy doctor or room (409) asks and resends with confirmOverlap when
 * the clinic allows overlaps, keeping the earlier confirmations. Resolves with the output, or null when the user
 * said no; rejects with the server's error otherwise (busy without overlaps, vacation, changed ...).
 */
export async function saveWithConfirmations<T>(
  send: (confirmations: Confirmations) => Promise<T>,
  ask: (reason: ConfirmReason, error: ApiError) => Promise<boolean>,
  options: { allowOverlapping: boolean },
): Promise<T | null> {
  const confirmations: Confirmations = {};
  // each question is asked at most once, so the loop ends after three sends at most
  for (;;) {
    try {
      return await send({ ...confirmations });
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 409) throw error;
      if (error.code === 'appointment_outside_working_hours' && !confirmations.confirmOutsideWorkingHours) {
        if (!(await ask('outsideWorkingHours', error))) return null;
        confirmations.confirmOutsideWorkingHours = true;
      } else if (BUSY.has(error.code) && options.allowOverlapping && !confirmations.confirmOverlap) {
        if (!(await ask('overlap', error))) return null;
        confirmations.confirmOverlap = true;
      } else {
        throw error;
      }
    }
  }
}
