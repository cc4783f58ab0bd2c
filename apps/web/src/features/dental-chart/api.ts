import { dentalChartCalls } from '@dental/contract';
import { useCall, useCallMutation } from '../../lib/query';

const c = dentalChartCalls;

export const usePatientTeeth = (patientId: number) => useCall(c.getPatientTeeth, { patientId });
/** Chart actions show the server's refusal as a toast. */
export const useSavePatientTeeth = () => useCallMutation(c.savePatientTeeth);

export const useNotesCount = (patientId: number) => useCall(c.getPatientTeethNotesCount, { patientId });
export const useToothNotes = (patientId: number, tooth: number | null) =>
  useCall(c.getToothNotes, { patientId, tooth: tooth ?? 0 }, { enabled: tooth !== null });
export const useSaveToothNote = () => useCallMutation(c.saveToothNote, { silent: true });
export const useDeleteToothNotes = () => useCallMutation(c.deleteToothNotes);

export const useCanalsCount = (patientId: number) => useCall(c.getPatientTeethCanalsCount, { patientId });
export const useToothCanals = (patientId: number, tooth: number | null) =>
  useCall(c.getToothCanals, { patientId, tooth: tooth ?? 0 }, { enabled: tooth !== null });
export const useSaveToothCanal = () => useCallMutation(c.saveToothCanal, { silent: true });
export const useDeleteToothCanals = () => useCallMutation(c.deleteToothCanals);
