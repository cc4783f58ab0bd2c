import { type CallAccess, type CallInput, type PermissionKey, lookupsCalls, patientsCalls, paymentsCalls } from '@dental/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCall, useCallMutation } from '../../lib/query';

const c = paymentsCalls;
type In<K extends keyof typeof c> = CallInput<(typeof c)[K]>;

/** Who may read a patient's money and who may take or reverse it: the contract's own keys, so the screens follow it. */
const keysOf = (access: CallAccess): readonly PermissionKey[] => ('permissions' in access ? access.permissions : []);
export const PAYMENTS_READ_KEYS = keysOf(c.getProcedurePaymentList.access);
export const LEDGER_READ_KEYS = keysOf(c.getPatientLedger.access);
export const MONEY_HISTORY_KEYS = keysOf(c.getPatientMoneyHistory.access);
export const PAYMENTS_WRITE_KEYS = keysOf(c.saveProcedurePayment.access);

export const usePatientPayments = (patientId: number) => useCall(c.getProcedurePaymentList, { patientId });
/** The patient's procedures with paid and remaining and the balance summary (the statement's data): what can be paid. */
export const usePayableProcedures = (patientId: number, enabled = true) =>
  useCall(c.getPatientProcedurePrinting, { patientId }, { enabled });
export const usePatientLedger = (patientId: number) => useCall(c.getPatientLedger, { patientId });
/** The owner's money history of a patient, a page at a time (kept while the next page loads). */
export const usePatientMoneyHistory = (input: In<'getPatientMoneyHistory'>, enabled: boolean) =>
  useCall(c.getPatientMoneyHistory, input, { enabled, placeholderData: (prev) => prev });
export const usePaymentPlans = (patientId: number) => useCall(c.getPaymentPlans, { patientId });
export const usePayment = (id: number | null) => useCall(c.getProcedurePayment, { id: id ?? 0 }, { enabled: id !== null });
export const usePatientPaymentReport = (input: In<'getPatientPaymentReport'>) =>
  useCall(c.getPatientPaymentReport, input, { placeholderData: (prev) => prev });

/** The clinic's active payment types (the pay drawer's choice). */
export const useActivePaymentTypes = () =>
  useCall(lookupsCalls.getPaymentTypeList, { activeOnly: true, pageSize: 200 }, { staleTime: 60_000 });

/**
 * Money writes are silent (the drawers show field errors and the 400/403/409 messages themselves). Payments live on
 * the PatientProcedure controller (their reads too), the patient header's balance on Patient, the report on Reports:
 * all three refresh.
 */
function useMoneyWrite<K extends 'saveProcedurePayment' | 'applyPatientCredit' | 'deleteProcedurePayment' | 'saveRecurrencePayment' | 'deleteRecurrencePayment'>(key: K) {
  const queryClient = useQueryClient();
  return useCallMutation(c[key], {
    silent: true,
    onSuccess: async () => {
      await Promise.all(
        [patientsCalls.getPPW.controller, c.getPatientPaymentReport.controller, c.getProcedurePaymentList.controller].map((controller) =>
          queryClient.invalidateQueries({ queryKey: [controller] }),
        ),
      );
    },
  });
}
export const useSavePayment = () => useMoneyWrite('saveProcedurePayment');
export const useApplyCredit = () => useMoneyWrite('applyPatientCredit');
export const useReversePayment = () => useMoneyWrite('deleteProcedurePayment');
export const useSavePlan = () => useMoneyWrite('saveRecurrencePayment');
export const useDeletePlan = () => useMoneyWrite('deleteRecurrencePayment');
