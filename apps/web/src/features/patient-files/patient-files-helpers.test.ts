import { describe, expect, it } from 'vitest';
import ar from './locales/ar.json';
import en from './locales/en.json';
import fr from './locales/fr.json';
import { excerpt, formatSize, formatStamp } from './components/stamp';

/** Keys without their plural suffix: each language has its own plural forms. */
const keys = (d: object, prefix = ''): string[] => [
  ...new Set(
    Object.entries(d).flatMap(([k, v]) =>
      v && typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k.replace(/_(zero|one|two|few|many|other)$/, '')}`],
    ),
  ),
];

describe('patient files helpers', () => {
  it('shows dates as day/month/year and the 24-hour time', () => {
    expect(formatStamp('2026-03-14T15:05:00')).toBe('14/03/2026 15:05');
    expect(formatStamp('2026-12-01T09:07:00')).toBe('01/12/2026 09:07');
    expect(formatStamp(null)).toBe('');
    expect(formatStamp('not a date')).toBe('');
  });

  it('shows file sizes in KB and MB', () => {
    const units = { kb: 'KB', mb: 'MB' };
    expect(formatSize(200, units)).toBe('1 KB');
    expect(formatSize(850 * 1024, units)).toBe('850 KB');
    expect(formatSize(2.45 * 1024 * 1024, units)).toBe('2.5 MB');
  });

  it('shortens long texts for labels', () => {
    expect(excerpt('  Allergic\n to   penicillin ')).toBe('Allergic to penicillin');
    expect(excerpt('x'.repeat(50))).toBe(`${'x'.repeat(39)}…`);
  });

  it('has the same keys in ar, en and fr, with the plural forms each language needs', () => {
    expect(keys(ar).sort()).toEqual(keys(en).sort());
    expect(keys(fr).sort()).toEqual(keys(en).sort());
    expect(Object.keys(ar.notes).filter((k) => k.startsWith('count_')).sort()).toEqual(
      ['count_few', 'count_many', 'count_one', 'count_other', 'count_two', 'count_zero'],
    );
  });
});
