import { type CallInput, authCalls, treatmentsCalls } from '@dental/contract';
import { useCall, useCallMutation } from '../../lib/query';

type In<K extends keyof typeof treatmentsCalls> = CallInput<(typeof treatmentsCalls)[K]>;
const keep = { placeholderData: <T,>(prev: T) => prev };

export const useTreatmentBranches = (input: In<'getTreatmentBranches'>) => useCall(treatmentsCalls.getTreatmentBranches, input, keep);
export const useActiveTreatmentBranches = () => useCall(treatmentsCalls.getActiveTreatmentBranches, {});
export const useSaveTreatment = () => useCallMutation(treatmentsCalls.saveTreatment, { silent: true });
export const useDeleteTreatmentBranch = () => useCallMutation(treatmentsCalls.deleteTreatmentBranch);

export const useProcedures = (input: In<'getProcedures'>, enabled = true) =>
  useCall(treatmentsCalls.getProcedures, input, { ...keep, enabled });
export const useSaveProcedure = () => useCallMutation(treatmentsCalls.saveProcedure, { silent: true });
export const useDeleteProcedure = () => useCallMutation(treatmentsCalls.deleteProcedure);

export const useBranchProcedures = (input: In<'getProceduresByBranch'>, enabled = true) =>
  useCall(treatmentsCalls.getProceduresByBranch, input, { ...keep, enabled });
export const useSavePriceListProcedure = () => useCallMutation(treatmentsCalls.savePriceListProcedure, { silent: true });
export const useDeletePriceListProcedure = () => useCallMutation(treatmentsCalls.deleteListPriceProcedure);
export const useCopyProcedures = () => useCallMutation(treatmentsCalls.copyProceduresFromAnotherBranch);

/** The clinic branches the user works in. */
export const useMyBranches = () => useCall(authCalls.getClinicBranches, {}, { staleTime: 5 * 60_000, silent: true });
