import { type CallInput, type PrintDocumentType, authCalls, printCalls } from '@dental/contract';
import { useMemo } from 'react';
import { useCall, useCallMutation } from '../../lib/query';
import { useSession } from '../../lib/session';
import type { Letterhead, PrintLayoutSettings } from './print-model';

const c = printCalls;
type In<K extends keyof typeof c> = CallInput<(typeof c)[K]>;

/**
 * How a document type prints: the saved settings `settingsId` names, else the clinic's default of the type (or the
 * built-in one). Undefined while loading (the layout then prints with the type's built-in settings).
 */
export function usePrintTypeSettings(
  type: PrintDocumentType,
  settingsId: number | undefined,
  enabled: boolean,
): PrintLayoutSettings | undefined {
  const chosen = useCall(c.getPrintSettings, { id: settingsId ?? 0 }, { enabled: enabled && !!settingsId, silent: true });
  const byType = useCall(
    c.getDefaultPrintTypeSettings,
    { documentType: type },
    { enabled: enabled && !settingsId, staleTime: 60_000, silent: true },
  );
  return settingsId ? chosen.data : byType.data;
}

export const usePrintSettingsList = (input: In<'getPrintSettingsList'>) =>
  useCall(c.getPrintSettingsList, input, { placeholderData: (prev) => prev });
export const usePrintSettings = (id: number | undefined) => useCall(c.getPrintSettings, { id: id ?? 0 }, { enabled: !!id });
/** The form shows 400 field errors on its fields itself. */
export const useSavePrintSettings = () => useCallMutation(c.savePrintSettings, { silent: true });
export const useDeletePrintSettings = () => useCallMutation(c.deletePrintSettings);

/**
 * The clinic's letterhead: its display name, logo, address, phones, VAT and CR numbers (Print/GetPrintLetterhead,
 * which every user of the clinic reaches: a secretary without clinic_show prints with the full letterhead) and the
 * working branch's name and mobile (Auth/GetClinicBranches). A document that copied its seller's details (an issued
 * invoice) overrides these through <PrintDocument letterhead>.
 */
export function useLetterhead(): Letterhead {
  const session = useSession();
  // nothing to ask without a session (the public prescription page prints with the details its call gave)
  const clinic = useCall(c.getPrintLetterhead, {}, { enabled: !!session, staleTime: 5 * 60_000, silent: true });
  const branches = useCall(authCalls.getClinicBranches, {}, { enabled: !!session, staleTime: 5 * 60_000, silent: true });
  const branch = branches.data?.items.find((b) => b.branchId === session?.branchId) ?? null;
  const head = clinic.data;
  return useMemo(
    () => ({
      clinicName: head?.clinicName || session?.user.clinicDisplayName || session?.user.clinicName || '',
      logoUrl: head?.logoUrl ?? null,
      branchName: branch?.name ?? null,
      branchAddress: head?.address ?? null,
      phones: [branch?.mobile, head?.mobile].filter((p, i, all): p is string => !!p && all.indexOf(p) === i),
      taxNo: head?.taxNo ?? null,
      commercialRegistrationNo: head?.commercialRegistrationNo ?? null,
    }),
    [head, branch, session?.user.clinicDisplayName, session?.user.clinicName],
  );
}
