import { invoiceCalls } from '@dental/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCall, useCallMutation } from '../../lib/query';

const c = invoiceCalls;

export const usePatientInvoices = (patientId: number | undefined) =>
  useCall(c.getPatientInvoices, { patientId: patientId ?? 0 }, { enabled: !!patientId });
export const useInvoice = (id: number | null) => useCall(c.getInvoice, { id: id ?? 0 }, { enabled: !!id });

/** Issuing also refreshes the patient's procedures and balances (their invoiced state). */
function useRefreshProcedures() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['PatientProcedure'] });
}
export const useIssueInvoice = () => useCallMutation(c.issueInvoice, { silent: true, onSuccess: useRefreshProcedures() });
export const useIssueCreditNote = () => useCallMutation(c.issueCreditNote, { silent: true, onSuccess: useRefreshProcedures() });

/**
 * The patient's procedures an invoice may bill, each with the live invoice it is on (Invoice/GetInvoiceableProcedures,
 * the key patient_remaining_payments: the secretary's).
 */
export const useInvoiceableProcedures = (patientId: number) => useCall(c.getInvoiceableProcedures, { patientId });
