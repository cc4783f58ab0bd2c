import { type CallInput, type PrintDocumentType, authCalls, clinicCalls, printCalls } from '@dental/contract';
import { useMemo } from 'react';
import { userCan } from '../../lib/permissions';
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
 * The clinic's letterhead: its display name (the session), its logo, address, phones, VAT and CR numbers (Lookups/
 * GetClinic, for a user who may read the clinic) and the working branch's name and mobile (Auth/GetClinicBranches).
 * A document that copied its seller's details (an issued invoice) overrides these through <PrintDocument letterhead>.
 */
export function useLetterhead(): Letterhead {
  const session = useSession();
  const canReadClinic = userCan(session?.user, 'clinic_show');
  const clinic = useCall(clinicCalls.getClinic, {}, { enabled: canReadClinic, staleTime: 5 * 60_000, silent: true });
  // nothing to ask without a session (the public prescription page prints with the details its call gave)
  const branches = useCall(authCalls.getClinicBranches, {}, { enabled: !!session, staleTime: 5 * 60_000, silent: true });
  const branch = branches.data?.items.find((b) => b.branchId === session?.branchId) ?? null;
  const c = clinic.data;
  return useMemo(
    () => ({
      clinicName: c?.displayName || session?.user.clinicDisplayName || session?.user.clinicName || '',
      logoUrl: c?.logoUrl ?? null,
      branchName: branch?.name ?? null,
      branchAddress: c ? [c.address, c.city].filter(Boolean).join(', ') || null : null,
      phones: [branch?.mobile, c?.mobile].filter((p, i, all): p is string => !!p && all.indexOf(p) === i),
      taxNo: c?.taxNo ?? null,
      commercialRegistrationNo: c?.commercialRegistrationNo ?? null,
    }),
    [c, branch, session?.user.clinicDisplayName, session?.user.clinicName],
  );
}
