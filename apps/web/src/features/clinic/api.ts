import { type CallInput, authCalls, clinicCalls } from '@dental/contract';
import { useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api';
import { useCall, useCallMutation } from '../../lib/query';

type In<K extends keyof typeof clinicCalls> = CallInput<(typeof clinicCalls)[K]>;

/** The clinic being edited: not refetched behind the user's back while they type. */
export const useClinic = () => useCall(clinicCalls.getClinic, {}, { staleTime: Infinity, refetchOnWindowFocus: false });
export const useSaveClinic = () => useCallMutation(clinicCalls.saveClinic, { silent: true });

/** Whether a clinic name is free (the clinic's own name counts as free). */
export const checkClinicName = (clinicName: string) =>
  callApi(clinicCalls.checkClinicName, { clinicName }, { silent: true });

export const useBranches = (input: In<'getBranchesByClinic'>) =>
  useCall(clinicCalls.getBranchesByClinic, input, { placeholderData: (prev) => prev });

/** Branch changes also refresh the header's branch switcher (Auth/GetClinicBranches). */
function useRefreshSwitcher() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [authCalls.getClinicBranches.controller] });
}
export const useSaveBranch = () => {
  const refresh = useRefreshSwitcher();
  return useCallMutation(clinicCalls.saveBranch, { silent: true, onSuccess: refresh });
};
export const useDeleteBranch = () => {
  const refresh = useRefreshSwitcher();
  return useCallMutation(clinicCalls.deleteBranch, { onSuccess: refresh });
};
