import { type CallInput, providerCalls } from '@dental/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCall, useCallMutation } from '../../lib/query';

type In<K extends keyof typeof providerCalls> = CallInput<(typeof providerCalls)[K]>;

/** The clinic list lives under Lookups/GetClinics; the Provider/* writes refresh it too. */
export const CLINICS_KEY = [providerCalls.getClinics.controller, providerCalls.getClinics.action];

function useRefreshClinics() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: CLINICS_KEY });
}

export const useClinics = (input: In<'getClinics'>) =>
  useCall(providerCalls.getClinics, input, { placeholderData: (prev) => prev });

export const useCreateClinic = () => {
  const refresh = useRefreshClinics();
  return useCallMutation(providerCalls.createClinic, { silent: true, onSuccess: refresh });
};
export const useSetClinicSubscription = () => {
  const refresh = useRefreshClinics();
  return useCallMutation(providerCalls.setClinicSubscription, { onSuccess: refresh });
};
export const useSetClinicActive = () => {
  const refresh = useRefreshClinics();
  return useCallMutation(providerCalls.setClinicActive, { onSuccess: refresh });
};
export const useDeleteClinic = () => useCallMutation(providerCalls.deleteClinic);
