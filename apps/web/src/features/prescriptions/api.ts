import { type CallInput, authCalls, prescriptionCalls, usersCalls } from '@dental/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { useCall, useCallMutation } from '../../lib/query';

const c = prescriptionCalls;
type In<K extends keyof typeof c> = CallInput<(typeof c)[K]>;

/** A patient's prescriptions (newest first) with the patient's medical alerts. */
export const usePatientPrescriptions = (input: In<'getPatientPrescriptions'>, enabled = true) =>
  useCall(c.getPatientPrescriptions, input, { enabled, placeholderData: keepPreviousData });
/** One prescription as a document (the editor's values when it is a draft, the printed page, the read-only view). */
export const usePrescriptionDoc = (id: number | undefined) =>
  useCall(c.getPatientPrescriptionDoc, { id: id ?? 0 }, { enabled: !!id, retry: false });
/** The form shows 400 field errors on its fields itself. */
export const useSavePrescription = () => useCallMutation(c.save, { silent: true });
export const useDeletePrescriptions = () => useCallMutation(c.deletePrescriptions);
export const useDeletePrescriptionDrugs = () => useCallMutation(c.deletePrescriptionDrugs);
export const useCopyPrescription = () => useCallMutation(c.copyPrescription);
export const useCreatePublicLink = () => useCallMutation(c.createPublicLink);
export const useRevokePublicLink = () => useCallMutation(c.revokePublicLink);
/** The public page's read: silent (the page says why in place) and never retried (a revoked link stays revoked). */
export const usePublicPrescription = (token: string) =>
  useCall(c.getPublicPrescription, { token }, { silent: true, retry: false, enabled: token !== '' });

export const useTemplates = (input: In<'getPrescriptionTemplates'>, enabled = true) =>
  useCall(c.getPrescriptionTemplates, input, { enabled, placeholderData: keepPreviousData });
export const useTemplate = (id: number | undefined) =>
  useCall(c.getPrescriptionTemplate, { id: id ?? 0 }, { enabled: !!id, retry: false });
export const useSaveTemplate = () => useCallMutation(c.savePrescriptionTemplate, { silent: true });
export const useDeleteTemplate = () => useCallMutation(c.deletePrescriptionTemplate);
export const useDeleteTemplateDrugs = () => useCallMutation(c.deletePrescriptionTemplateDrugs);

/** The user's branches and the branch's doctors (the prescription's branch and doctor). */
export const useMyBranches = () => useCall(authCalls.getClinicBranches, {}, { staleTime: 5 * 60_000, silent: true });
export const useDoctors = (branchId: number | undefined) =>
  useCall(usersCalls.getDoctorsNames, { branchId }, { staleTime: 60_000, silent: true });
