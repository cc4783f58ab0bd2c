import { authCalls, clinicCalls } from '@dental/contract';
import { useMemo } from 'react';
import { userCan } from '../../lib/permissions';
import { useCall } from '../../lib/query';
import { useSession } from '../../lib/session';
import type { Letterhead, PrintLayoutSettings } from './print-model';

/**
 * How a document type prints: the saved settings `settingsId` names, else the clinic's default of the type.
 * Until the print contract is merged this answers undefined (the layout then prints with FALLBACK_SETTINGS).
 */
export function usePrintTypeSettings(
  _type: string,
  _settingsId: number | undefined,
  _enabled: boolean,
): PrintLayoutSettings | undefined {
  return undefined;
}

/**
 * The clinic's letterhead: its display name (the session), its logo, address, phones, VAT and CR numbers (Lookups/
 * GetClinic, for a user who may read the clinic) and the working branch's name and mobile (Auth/GetClinicBranches).
 * A document that copied its seller's details (an issued invoice) overrides these through <PrintDocument letterhead>.
 */
export function useLetterhead(): Letterhead {
  const session = useSession();
  const canReadClinic = userCan(session?.user, 'clinic_show');
  const clinic = useCall(clinicCalls.getClinic, {}, { enabled: canReadClinic, staleTime: 5 * 60_000, silent: true });
  const branches = useCall(authCalls.getClinicBranches, {}, { staleTime: 5 * 60_000, silent: true });
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
