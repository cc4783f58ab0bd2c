import { type CallInput, schedulerCalls } from '@dental/contract';
import { useCall, useCallMutation } from '../../lib/query';

type In<K extends keyof typeof schedulerCalls> = CallInput<(typeof schedulerCalls)[K]>;
const keep = { placeholderData: <T>(prev: T) => prev };

/*
 * Every query key starts with 'Cleander' (lib/query.ts callKey: [controller, action, input]); the live connection
 * invalidates ['Cleander'] on 'RefreshTodayAppointments', and every mutation here invalidates its controller, so
 * the calendar follows changes made here, in another tab or by another user.
 */

export const useCalendarSettings = (input: In<'getCalendarSettings'>, enabled = true) =>
  useCall(schedulerCalls.getCalendarSettings, input, { enabled, staleTime: 60_000 });
export const useAppointments = (input: In<'getAppointments'> | null) =>
  useCall(schedulerCalls.getAppointments, input ?? { from: '', to: '' }, { enabled: !!input, ...keep });
export const useCalendarVacations = (input: In<'getVacations'> | null) =>
  useCall(schedulerCalls.getVacations, input ?? {}, { enabled: !!input, silent: true, ...keep });

/* Saves answer the confirmation protocol themselves (save-protocol.ts), so they are silent. */
export const useSaveAppointment = () => useCallMutation(schedulerCalls.saveAppointment, { silent: true });
export const useSaveAppointmentRecurrence = () =>
  useCallMutation(schedulerCalls.saveAppointmentRecurrence, { silent: true });
export const useDeleteAppointment = () => useCallMutation(schedulerCalls.deleteAppointment);
export const useUpdateAppointmentStatus = () => useCallMutation(schedulerCalls.updateAppointmentStatus);
export const useCheckIn = () => useCallMutation(schedulerCalls.saveCheckIn);
export const useCheckOut = () => useCallMutation(schedulerCalls.saveCheckOut);
export const useCallUser = () => useCallMutation(schedulerCalls.callUser);
/** The patient file's appointments tab: one page of a patient's upcoming or past appointments. */
export const usePatientAppointments = (input: In<'getPatientAppointments'>) =>
  useCall(schedulerCalls.getPatientAppointments, input, keep);
