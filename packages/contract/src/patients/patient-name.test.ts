import { describe, expect, it } from 'vitest';
import { normalizeName } from './patient-name.js';

describe('normalizeName', () => {
  it('folds alef and hamza forms', () => {
    expect(normalizeName('أحمد')).toBe(normalizeName('احمد'));
    expect(normalizeName('إيمان')).toBe('ايمان');
    expect(normalizeName('آمال')).toBe('امال');
    expect(normalizeName('ٱلرحمن')).toBe('الرحمن');
    expect(normalizeName('مؤمن')).toBe('مومن');
    expect(normalizeName('هانئ')).toBe('هاني');
  });
  it('folds ta marbuta to ha and alef maqsura to ya', () => {
    expect(normalizeName('فاطمة')).toBe('فاطمه');
    expect(normalizeName('مصطفى')).toBe('مصطفي');
  });
  it('drops diacritics and tatweel', () => {
    expect(normalizeName('مُحَمَّد')).toBe('محمد');
    expect(normalizeName('محـــمد')).toBe('محمد');
  });
  it('makes Latin names case- and accent-insensitive and collapses spaces', () => {
    expect(normalizeName('  John   SMITH ')).toBe('john smith');
    expect(normalizeName('Hélène')).toBe('helene');
  });
  it('keeps the prefix relation search relies on', () => {
    expect(normalizeName('أحمد علي').startsWith(normalizeName('احم'))).toBe(true);
  });
});
