import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../enums.js';
import { SYSTEM_LOOKUPS, SYSTEM_LOOKUP_GROUPS, systemLookupItems } from './system-lookups.js';
import { getLookupsInput } from './system-lookups.schemas.js';

describe('system lookups', () => {
  it('names every item in every language', () => {
    for (const group of SYSTEM_LOOKUP_GROUPS) {
      for (const [code, names] of Object.entries(SYSTEM_LOOKUPS[group])) {
        for (const lang of LANGUAGES)
          expect((names as Record<string, string>)[lang], `${group}.${code}.${lang}`).toMatch(/\S/);
      }
    }
  });

  it('lists a group in its defined order with the names of each language', () => {
    expect(systemLookupItems('Country')).toEqual([
      { code: 'CN1', nameAr: 'اليمن', nameEn: 'Yemen', nameFr: 'Yémen' },
      { code: 'CN2', nameAr: 'السعودية', nameEn: 'Saudi Arabia', nameFr: 'Arabie saoudite' },
      { code: 'CN3', nameAr: 'مصر', nameEn: 'Egypt', nameFr: 'Égypte' },
    ]);
    expect(systemLookupItems('ProcedureStatus').map((i) => i.code)).toEqual(['S1', 'S2', 'S3', 'S4', 'S5']);
  });

  it('accepts only a known group', () => {
    expect(getLookupsInput.safeParse({ groupName: 'Currency' }).success).toBe(true);
    expect(getLookupsInput.safeParse({ groupName: 'Planet' }).error?.issues[0]?.message).toBe('field_invalid');
    expect(getLookupsInput.safeParse({}).error?.issues[0]?.message).toBe('field_required');
  });
});
