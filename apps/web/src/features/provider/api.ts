import { type CallInput, providerCalls, supportCalls } from '@dental/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCall, useCallMutation } from '../../lib/query';

type In<K extends keyof typeof providerCalls> = CallInput<(typeof providerCalls)[K]>;
type SupportIn<K extends keyof typeof supportCalls> = CallInput<(typeof supportCalls)[K]>;

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

/** Support requests of every clinic (AdminSupport/*); a write refreshes the list and the open request. */
export const SUPPORT_KEY = [supportCalls.adminGetRequests.controller];

function useRefreshSupport() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: SUPPORT_KEY });
}

export const useAdminSupportRequests = (input: SupportIn<'adminGetRequests'>) =>
  useCall(supportCalls.adminGetRequests, input, { placeholderData: (prev) => prev });
export const useAdminSupportRequest = (id: number | undefined) =>
  useCall(supportCalls.adminGetRequest, { id: id ?? 0 }, { enabled: !!id, retry: false });
export const useUpdateRequestStatus = () => {
  const refresh = useRefreshSupport();
  return useCallMutation(supportCalls.updateRequestStatus, { onSuccess: refresh });
};
export const useAdminRequestComment = () => useCallMutation(supportCalls.adminRequestComment, { silent: true });
export const useAdminDeleteComment = () => useCallMutation(supportCalls.adminDeleteComment);
