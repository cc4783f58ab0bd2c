import { type CallInput, insuranceCalls, lookupsCalls, patientsCalls } from '@dental/contract';
import { useCall, useCallMutation } from '../../lib/query';

type In<K extends keyof typeof patientsCalls> = CallInput<(typeof patientsCalls)[K]>;
const keep = { placeholderData: <T,>(prev: T) => prev };

export const usePatients = (input: In<'searchPatients'>) => useCall(patientsCalls.searchPatients, input, keep);
export const useWaitingPatients = (input: In<'getPatientsApproved'>) => useCall(patientsCalls.getPatientsApproved, input, keep);
export const useDuplicatedPatients = (input: In<'getDuplicatedPatients'>) =>
  useCall(patientsCalls.getDuplicatedPatients, input, keep);
export const usePatient = (id: number | undefined) =>
  useCall(patientsCalls.getPatient, { id: id ?? 0 }, { enabled: !!id, silent: true, retry: false });
export const usePatientHeader = (id: number | undefined) =>
  useCall(patientsCalls.getPPW, { id: id ?? 0 }, { enabled: !!id, silent: true, retry: false });
export const usePatientPicker = (search: string, excludeId?: number) =>
  useCall(patientsCalls.searchByName, { search, excludeId }, { enabled: search.trim().length >= 3, ...keep });

export const useSavePatient = () => useCallMutation(patientsCalls.savePatient, { silent: true });
export const useAddPatientToBranch = () => useCallMutation(patientsCalls.addPatientToBranch);
export const useDeletePatient = () => useCallMutation(patientsCalls.deletePatient);
export const useUpdatePatientsStatus = () => useCallMutation(patientsCalls.updatePatientsStatus);
export const useApprovePatients = () => useCallMutation(patientsCalls.postPatientsApproved);
export const useMergePatients = () => useCallMutation(patientsCalls.mergePatients);

/** The clinic's own lists the form picks from (references, occupations, nationalities, relative types). */
export const useClinicList = (groupName: CallInput<typeof lookupsCalls.getRefrencesLookups>['groupName']) =>
  useCall(lookupsCalls.getRefrencesLookups, { groupName }, { staleTime: 60_000 });
export const useInsuranceCompanyOptions = (enabled: boolean) =>
  useCall(insuranceCalls.getInsuranceCompanies, { activeOnly: true, pageSize: 200 }, { enabled, staleTime: 60_000 });
