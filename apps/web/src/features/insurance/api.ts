import { type CallInput, insuranceCalls, patientsCalls } from '@dental/contract';
import { useCall, useCallMutation } from '../../lib/query';

type In<K extends keyof typeof insuranceCalls> = CallInput<(typeof insuranceCalls)[K]>;

export const useInsuranceCompanies = (input: In<'getInsuranceCompanies'>, options: { enabled?: boolean } = {}) =>
  useCall(insuranceCalls.getInsuranceCompanies, input, { placeholderData: (prev) => prev, ...options });
/** One company; silent, because the page shows "not found" itself. */
export const useInsuranceCompany = (id: number | undefined) =>
  useCall(insuranceCalls.getInsuranceCompany, { id: id ?? 0 }, { enabled: !!id, silent: true, retry: false });
export const useSaveInsuranceCompany = () => useCallMutation(insuranceCalls.saveInsuranceCompany, { silent: true });
/** Silent: the list page explains the refusals (default company, company in use) itself. */
export const useDeleteInsuranceCompany = () => useCallMutation(insuranceCalls.deleteInsuranceCompany, { silent: true });

export const usePatientLimits = (patientId: number, options: { enabled?: boolean } = {}) =>
  useCall(insuranceCalls.getPatientLimits, { patientId }, options);
export const useSavePatientLimit = () => useCallMutation(insuranceCalls.savePatientLimit, { silent: true });
export const useDeletePatientLimit = () => useCallMutation(insuranceCalls.deletePatientLimit);

/** The patient's record (the patients module's call), for the insurance company and numbers; the tab says when it fails. */
export const usePatientInsurance = (patientId: number) =>
  useCall(patientsCalls.getPatient, { id: patientId }, { silent: true, retry: false });
