import { type CallAccess, type CallInput, type PermissionKey, authCalls, labsCalls, patientProceduresCalls, usersCalls } from '@dental/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCall, useCallMutation } from '../../lib/query';

const c = labsCalls;
type In<K extends keyof typeof c> = CallInput<(typeof c)[K]>;
const keysOf = (access: CallAccess): readonly PermissionKey[] => ('permissions' in access ? access.permissions : []);

// ---- labs, services, prices, lab logins (/Labs, /Labs/PriceList)
export const useLabs = (input: In<'getLabs'>) => useCall(c.getLabs, input, { placeholderData: (prev) => prev });
/** Active labs for pickers (order form, filters, the price list's lab choice). */
export const useLabChoices = (enabled = true) =>
  useCall(c.getLabs, { isActive: true, sortField: 'name', sortOrder: 'ascend', page: 1, pageSize: 200 }, { enabled, staleTime: 60_000 });
export const useLab = (id: number | undefined) => useCall(c.getLab, { id: id ?? 0 }, { enabled: !!id });
/** Writes are silent: the forms show 400 field errors and 409 refusals themselves. */
export const useSaveLab = () => useCallMutation(c.saveLab, { silent: true });
export const useDeleteLab = () => useCallMutation(c.deleteLab, { silent: true });
export const useLabServices = (labId: number | undefined) =>
  useCall(c.getLabServices, { labId: labId ?? 0 }, { enabled: !!labId });
export const useSaveLabService = () => useCallMutation(c.saveLabService, { silent: true });
export const useDeleteLabService = () => useCallMutation(c.deleteLabService, { silent: true });
export const useLabPriceList = (labId: number | undefined) =>
  useCall(c.getLabPriceList, { labId: labId ?? 0 }, { enabled: !!labId });
export const useSaveLabPrice = () => useCallMutation(c.saveLabPrice, { silent: true });
export const useDeleteLabPrice = () => useCallMutation(c.deleteLabPrice, { silent: true });
export const useLabUsers = (labId: number | undefined, enabled = true) =>
  useCall(c.getLabUsers, { labId }, { enabled: enabled && !!labId });
export const useSaveLabUser = () => useCallMutation(c.saveLabUser, { silent: true });

// ---- the clinic's orders (/LabsOrders, /LabOrderDetails)
export const useLabOrders = (input: In<'getLabOrders'>) => useCall(c.getLabOrders, input, { placeholderData: (prev) => prev });
export const useLabOrder = (id: number | undefined) => useCall(c.getLabOrder, { id: id ?? 0 }, { enabled: !!id });
export const useSaveLabOrder = () => useCallMutation(c.saveLabOrder, { silent: true });
export const useUpdateLabOrderStatus = () => useCallMutation(c.updateLabOrderStatus, { silent: true });
export const useDeleteLabOrder = () => useCallMutation(c.deleteLabOrder, { silent: true });
export const useOverdueLabOrders = (enabled = true) =>
  useCall(c.getOverdueLabOrders, {}, { enabled, staleTime: 60_000, silent: true });

// ---- a lab user's own orders (/LabMyOrders)
export const useMyLabOrders = (input: In<'getMyLabOrders'>) => useCall(c.getMyLabOrders, input, { placeholderData: (prev) => prev });
export const useMyLabOrder = (id: number | undefined) => useCall(c.getMyLabOrder, { id: id ?? 0 }, { enabled: !!id });
export const useUpdateMyLabOrderStatus = () => useCallMutation(c.updateMyLabOrderStatus, { silent: true });

// ---- an order's attachments (clinic: /LabOrderDetails; lab user: the order drawer of /LabMyOrders)
/** The signed links stay valid ten minutes at least: the list is read again well before. */
const ATTACHMENTS_REFRESH_MS = 4 * 60_000;
const refreshing = { refetchInterval: ATTACHMENTS_REFRESH_MS, staleTime: 60_000 };
export const useLabOrderAttachments = (labOrderId: number, mine: boolean) => {
  const clinic = useCall(c.getLabOrderAttachments, { labOrderId }, { ...refreshing, enabled: !mine });
  const lab = useCall(c.getMyLabOrderAttachments, { labOrderId }, { ...refreshing, enabled: mine });
  return mine ? lab : clinic;
};
/** Uploads; a refused file (type by content, size) is said in a toast by the API client. */
export const useSaveLabOrderAttachments = (mine: boolean) =>
  useCallMutation(mine ? c.saveMyLabOrderAttachments : c.saveLabOrderAttachments);
export const useDeleteLabOrderAttachment = (mine: boolean) =>
  useCallMutation(mine ? c.deleteMyLabOrderAttachment : c.deleteLabOrderAttachment);

// ---- other modules' reads the order form needs
/** The patient's procedures (the order form's procedure picker), on the procedures' controller. */
export const usePatientProceduresOf = (patientId: number | undefined, enabled: boolean) =>
  useCall(patientProceduresCalls.getPatientProcedures, { patientId: patientId ?? 0 }, { enabled: enabled && !!patientId, silent: true, stay: true });
/** Who may read a patient's procedures (the picker is left out for the others: a refused read would leave the page). */
export const PROCEDURES_READ_KEYS = keysOf(patientProceduresCalls.getPatientProcedures.access);
export const useDoctors = () => useCall(usersCalls.getDoctorsNames, {}, { staleTime: 5 * 60_000, silent: true });
export const useMyBranches = () => useCall(authCalls.getClinicBranches, {}, { staleTime: 5 * 60_000, silent: true });

/** After an order changes: its lists, its details and the overdue count (all on the Lab controller) are read again. */
export function useRefreshLabs() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [c.getLabOrders.controller] });
}
