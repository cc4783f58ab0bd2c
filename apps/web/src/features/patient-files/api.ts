import { patientFilesCalls } from '@dental/contract';
import { useCall, useCallMutation } from '../../lib/query';

/**
 * The signed links of GetAttachments stay valid for ten minutes at least: the list is read again well before, so
 * thumbnails and previews of a tab left open keep working.
 */
const ATTACHMENTS_REFRESH_MS = 4 * 60_000;

export const useNotes = (patientId: number) => useCall(patientFilesCalls.getNotes, { patientId });
export const useSaveNote = () => useCallMutation(patientFilesCalls.saveNotes, { silent: true });
export const useDeleteNote = () => useCallMutation(patientFilesCalls.deleteNote);

export const useAttachments = (patientId: number) =>
  useCall(patientFilesCalls.getAttachments, { patientId }, { refetchInterval: ATTACHMENTS_REFRESH_MS, staleTime: 60_000 });
/** Uploads; a refused file (type by content, size) is said in a toast by the API client. */
export const useSaveAttachments = () => useCallMutation(patientFilesCalls.saveAttachments);
export const useUpdateAttachment = () => useCallMutation(patientFilesCalls.updateAttachmentProcedure, { silent: true });
export const useDeleteAttachments = () => useCallMutation(patientFilesCalls.deleteAttachments);
