import { lookupsCalls } from '@dental/contract';
import { useCall, useCallMutation } from '../../lib/query';
import type { CallInput } from '@dental/contract';

type In<K extends keyof typeof lookupsCalls> = CallInput<(typeof lookupsCalls)[K]>;

export const useRooms = (input: In<'getRooms'>) => useCall(lookupsCalls.getRooms, input, { placeholderData: (prev) => prev });
export const useSaveRoom = () => useCallMutation(lookupsCalls.saveRoom, { silent: true });
export const useDeleteRoom = () => useCallMutation(lookupsCalls.deleteRoom);

export const usePaymentTypes = (input: In<'getPaymentTypeList'>) =>
  useCall(lookupsCalls.getPaymentTypeList, input, { placeholderData: (prev) => prev });
export const useSavePaymentType = () => useCallMutation(lookupsCalls.savePaymentType, { silent: true });
export const useDeletePaymentType = () => useCallMutation(lookupsCalls.deletePaymentType);

export const useClinicLookups = (input: In<'getClinicLookups'>) =>
  useCall(lookupsCalls.getClinicLookups, input, { placeholderData: (prev) => prev });
export const useSaveClinicLookup = () => useCallMutation(lookupsCalls.saveClinicLookup, { silent: true });
export const useDeleteClinicLookup = () => useCallMutation(lookupsCalls.deleteClinicLookup);
