import { type CallInput, medicalCalls } from '@dental/contract';
import { useQueryClient } from '@tanstack/react-query';
import { callKey, useCall, useCallMutation } from '../../lib/query';

type In<K extends keyof typeof medicalCalls> = CallInput<(typeof medicalCalls)[K]>;
const c = medicalCalls;

export const useMedicalCategories = (input: In<'getMedicalCategories'>) =>
  useCall(c.getMedicalCategories, input, { placeholderData: (prev) => prev });
export const useSaveMedicalCategory = () => useCallMutation(c.saveMedicalCategory, { silent: true });
export const useDeleteMedicalCategory = () => useCallMutation(c.deleteMedicalCategory);

export const useMedicalQuestions = (input: In<'getMedicalQuestions'>) =>
  useCall(c.getMedicalQuestions, input, { placeholderData: (prev) => prev });
export const useSaveMedicalQuestion = () => useCallMutation(c.saveMedicalQuestion, { silent: true });
export const useDeleteMedicalQuestion = () => useCallMutation(c.deleteMedicalQuestion);

/**
 * A patient's medical history. The tab and the header's alert tags read it through this one query, so a save in
 * the tab (any Patient call invalidates the Patient controller's queries) refreshes the header too.
 */
export const usePatientMedicalHistory = (patientId: number) =>
  useCall(c.getPatientMedicalHistory, { patientId }, { enabled: patientId > 0 });

/** The Patient controller's writes refresh the medical history query themselves; this one is MedicalHistory's. */
export function useSaveMedicalQuestionAnswer() {
  const queryClient = useQueryClient();
  return useCallMutation(c.saveMedicalQuestionAnswer, {
    silent: true,
    onSuccess: (_, input) =>
      queryClient.invalidateQueries({ queryKey: callKey(c.getPatientMedicalHistory, { patientId: input.patientId }) }),
  });
}
export const useSavePatientMedicalHistory = () => useCallMutation(c.savePatientMedicalHistory, { silent: true });
export const useSaveDisease = () => useCallMutation(c.saveDieases, { silent: true });
export const useDeleteDisease = () => useCallMutation(c.deleteDieases);
export const useSaveDrug = () => useCallMutation(c.saveProductDieases, { silent: true });
export const useDeleteDrug = () => useCallMutation(c.deleteProductDieases);
export const useProductsSearch = (search: string, enabled = true) =>
  useCall(
    c.getProductsSearch,
    { search: search || undefined },
    { enabled, placeholderData: (prev) => prev, staleTime: 60_000 },
  );

/** Who may change a patient's medical history (spec: patient_edit, or patient_procedures for doctors and assistants). */
export const MEDICAL_WRITE_KEYS = ['patient_edit', 'patient_procedures'] as const;
