import { beforeEach, describe, expect, it } from 'vitest';
import { formatDistance, mapUrl, formatMoneyText, formatTimeZone } from './format';
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

describe('formatMoneyText', () => {
  it('formats decimal text exactly, grouping the whole part and keeping the currency decimals', () => {
    expect(formatMoneyText('1500.00', 'EGP', 'en')).toBe('1,500.00 EGP');
    expect(formatMoneyText('1250.50', 'EGP', 'en')).toBe('1,250.50 EGP');
    expect(formatMoneyText('12.500', 'LYD', 'en')).toBe('12.500 LYD');
    // beyond a float's precision: still exact
    expect(formatMoneyText('90071992547409931.05', null, 'en')).toBe('90,071,992,547,409,931.05');
    expect(formatMoneyText('1250.50', 'EUR', 'fr')).toMatch(/^1\s250,50 EUR$/u);
    expect(formatMoneyText('1250.50', 'EGP', 'ar')).toMatch(/^1.250.50 EGP$/u);
    expect(formatMoneyText('-0.00', null, 'en')).toBe('0.00');
    expect(formatMoneyText('150', 'SAR', 'en')).toBe('150.00 SAR');
    expect(formatMoneyText('abc', 'EGP', 'en')).toBe('');
    expect(formatMoneyText(null, 'EGP', 'en')).toBe('');
  });
});

describe('formatTimeZone', () => {
  it('names the zone in the UI language with its offset, and keeps an unknown id as it is', () => {
    const winter = new Date('2026-01-15T12:00:00Z');
    expect(formatTimeZone('Africa/Cairo', 'en', winter)).toBe('Eastern European Time (GMT+2)');
    expect(formatTimeZone('Africa/Cairo', 'ar', winter)).toBe('توقيت شرق أوروبا (غرينتش+2)');
    expect(formatTimeZone('Africa/Cairo', 'fr', winter)).toBe('heure d’Europe de l’Est (UTC+2)');
    expect(formatTimeZone('Asia/Riyadh', 'en', winter)).toMatch(/^Arabia.* \(GMT\+3\)$/);
    expect(formatTimeZone('Not/AZone', 'en', winter)).toBe('Not/AZone');
  });
});

