import { LIMITS, type PatientPickerItem } from '@dental/contract';

/** At most this many patients under the pages (the quick search answers up to 20). */
export const PALETTE_PATIENTS_MAX = 8;

/** The patient file's first tab. */
export const patientFileHref = (id: number) => `/Patient/${id}/1`;

/**
 * The text to send to the patients' quick search (GetPatientSearchByName), or null when none is sent: without
 * patient_list, or below the server's minimum (3 characters after trimming, names, mobiles and codes alike).
 */
export function patientSearchText(query: string, canList: boolean): string | null {
  const text = query.trim();
  return canList && text.length >= LIMITS.patientSearchMinChars ? text : null;
}

export type PatientGroupState =
  | { kind: 'hidden' }
  | { kind: 'loading' }
  | { kind: 'failed' }
  | { kind: 'none' }
  | { kind: 'found'; items: PatientPickerItem[] };

/**
 * What the palette's Patients group shows. `wanted` is the text for the current query (patientSearchText),
 * `asked` the debounced text the search ran for: until they agree the group shows loading, so Enter never opens
 * a patient found for an older query.
 */
export function patientGroupState(
  wanted: string | null,
  asked: string | null,
  answer: { items: PatientPickerItem[] } | undefined,
  failed: boolean,
): PatientGroupState {
  if (wanted === null) return { kind: 'hidden' };
  if (asked !== wanted) return { kind: 'loading' };
  if (failed) return { kind: 'failed' };
  if (!answer) return { kind: 'loading' };
  if (!answer.items.length) return { kind: 'none' };
  return { kind: 'found', items: answer.items.slice(0, PALETTE_PATIENTS_MAX) };
}
