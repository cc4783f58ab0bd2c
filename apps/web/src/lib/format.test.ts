import { beforeEach, describe, expect, it } from 'vitest';
import { formatDistance, mapUrl } from './format';
import { setLanguage } from './i18n';

beforeEach(async () => {
  await setLanguage('en');
});

describe('formatDistance', () => {
  it('writes metres below a kilometre, else kilometres to one decimal, in the UI language with Latin digits', async () => {
    expect(formatDistance(850.4)).toBe('850 m');
    expect(formatDistance(12_530)).toBe('12.5 km');
    expect(formatDistance(50_000)).toBe('50 km');
    await setLanguage('fr');
    expect(formatDistance(12_530)).toMatch(/^12,5\s?km$/);
    await setLanguage('ar');
    expect(formatDistance(12_530)).toMatch(/^12\.5\s?كم$/);
  });
});

describe('mapUrl', () => {
  it('points OpenStreetMap at the place', () => {
    expect(mapUrl(30.0561, 31.3301)).toBe('https://www.openstreetmap.org/?mlat=30.0561&mlon=31.3301#map=17/30.0561/31.3301');
  });
});
