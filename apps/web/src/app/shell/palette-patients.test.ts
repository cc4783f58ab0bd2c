import type { PatientPickerItem } from '@dental/contract';
import { describe, expect, it } from 'vitest';
import { PALETTE_PATIENTS_MAX, patientFileHref, patientGroupState, patientSearchText } from './palette-patients';

const patient = (id: number): PatientPickerItem => ({
  id,
  code: String(id),
  name: `Patient ${id}`,
  mobile: null,
  patientType: 'PT1',
});

describe('palette patients', () => {
  it('searches from 3 characters after trimming, names, codes and mobiles alike, and only with patient_list', () => {
    expect(patientSearchText('  أح ', true)).toBeNull();
    expect(patientSearchText('10', true)).toBeNull();
    expect(patientSearchText(' أحم ', true)).toBe('أحم');
    expect(patientSearchText('010', true)).toBe('010');
    expect(patientSearchText('Ahmed', false)).toBeNull();
  });

  it('is hidden without a search, loading until the debounced search is the current one, then found or none', () => {
    const answer = { items: [patient(1)] };
    expect(patientGroupState(null, null, undefined, false)).toEqual({ kind: 'hidden' });
    // the answer for an older text is never offered (Enter would open the wrong patient)
    expect(patientGroupState('ahme', 'ahm', answer, false)).toEqual({ kind: 'loading' });
    expect(patientGroupState('ahm', null, undefined, false)).toEqual({ kind: 'loading' });
    expect(patientGroupState('ahm', 'ahm', undefined, false)).toEqual({ kind: 'loading' });
    expect(patientGroupState('ahm', 'ahm', answer, false)).toEqual({ kind: 'found', items: answer.items });
    expect(patientGroupState('ahm', 'ahm', { items: [] }, false)).toEqual({ kind: 'none' });
    expect(patientGroupState('ahm', 'ahm', undefined, true)).toEqual({ kind: 'failed' });
  });

  it(`keeps at most ${PALETTE_PATIENTS_MAX} patients, in the server's order`, () => {
    const items = Array.from({ length: 20 }, (_, i) => patient(i + 1));
    const state = patientGroupState('ahm', 'ahm', { items }, false);
    expect(state.kind === 'found' && state.items.map((p) => p.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('opens the patient file on its first tab', () => {
    expect(patientFileHref(42)).toBe('/Patient/42/1');
  });
});
