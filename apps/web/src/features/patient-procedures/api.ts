import { type CallInput, authCalls, patientProceduresCalls, schedulerCalls, treatmentsCalls } from '@dental/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCall, useCallMutation } from '../../lib/query';

const c = patientProceduresCalls;
type In<K extends keyof typeof c> = CallInput<(typeof c)[K]>;

export const usePatientProcedures = (input: In<'getPatientProcedures'>, enabled = true) =>
  useCall(c.getPatientProcedures, input, { enabled, placeholderData: (prev) => prev });
export const usePatientProcedure = (id: number | undefined) =>
  useCall(c.getPatientProcedure, { id: id ?? 0 }, { enabled: !!id });
export const useProceduresFilter = (input: In<'getPatientProceduresFilter'>) =>
  useCall(c.getPatientProceduresFilter, input, { placeholderData: (prev) => prev });
export const useToothDetails = (patientId: number, tooth: number | null) =>
  useCall(c.getPatientToothDetails, { patientId, tooth: tooth ?? 11 }, { enabled: tooth !== null });

/** Writes are silent: the screens show 400 field errors on fields, 409 stale_version and approval_required themselves. */
export const useSavePatientProcedure = () => useCallMutation(c.savePatientProcedure, { silent: true });
export const useUpdateProcedureStatus = () => useCallMutation(c.updateProcedureStatus, { silent: true });
export const useDeletePatientProcedure = () => useCallMutation(c.deletePatientProcedure, { silent: true });

export const useProcedureVisits = (patientProcedureId: number | null) =>
  useCall(c.getProcedureVisitList, { patientProcedureId: patientProcedureId ?? 0 }, { enabled: patientProcedureId !== null });
/** Visits live on the Procedure controller; a change also refreshes the procedures (their visit counts). */
export const useSaveProcedureVisit = () => {
  const queryClient = useQueryClient();
  return useCallMutation(c.saveProcedureVisit, {
    silent: true,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [c.getPatientProcedures.controller] }),
  });
};
export const useDeleteProcedureVisit = () => {
  const queryClient = useQueryClient();
  return useCallMutation(c.deleteProcedureVisit, {
    silent: true,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [c.getPatientProcedures.controller] }),
  });
};

/** The branch's active price list: the procedure picker (catalogue module, GetProceduresByBranch activeOnly). */
export const usePriceList = (branchId: number | null) =>
  useCall(
    treatmentsCalls.getProceduresByBranch,
    { branchId: branchId ?? undefined, activeOnly: true, pageSize: 200 },
    { enabled: branchId !== null, staleTime: 60_000 },
  );

/** The user's branches (the shell's branch switcher reads the same call). */
export const useMyBranches = () => useCall(authCalls.getClinicBranches, {}, { staleTime: 5 * 60_000, silent: true });

/** The branch's doctors, as the calendar lists them (for the procedure's doctor and the visit's doctor). */
export const useBranchDoctors = (branchId: number | null) =>
  useCall(schedulerCalls.getCalendarSettings, { branchId: branchId ?? undefined }, { staleTime: 60_000, silent: true });

/** The clinic's active treatment branches (filter of /PatientsProceduresList). */
export const useActiveTreatmentBranches = () =>
  useCall(treatmentsCalls.getActiveTreatmentBranches, {}, { staleTime: 5 * 60_000, silent: true });
