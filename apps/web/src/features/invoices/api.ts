import { type InvoiceListItem, invoiceCalls } from '@dental/contract';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { callQuery, useCall, useCallMutation } from '../../lib/query';

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
 * The procedures on the patient's live invoices (not credited), read from those invoices' lines: they cannot be
 * invoiced again (the server refuses with procedure_already_invoiced). Undefined until every invoice is read.
 */
export function useInvoicedProcedureIds(invoices: InvoiceListItem[] | undefined): Set<number> | undefined {
  const live = (invoices ?? []).filter((i) => i.kind === 'invoice' && !i.credited);
  const docs = useQueries({ queries: live.map((i) => callQuery(c.getInvoice, { id: i.id }, { staleTime: Infinity })) });
  if (!invoices || docs.some((d) => !d.data)) return undefined;
  return new Set(docs.flatMap((d) => d.data!.lines.map((l) => l.patientProcedureId).filter((x): x is number => x !== null)));
}
