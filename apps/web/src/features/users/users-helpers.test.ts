import { describe, expect, it } from 'vitest';
import en from './locales/en.json';
import ar from './locales/ar.json';
import fr from './locales/fr.json';
import { isAcceptedImage } from './components/photo-upload';
import { nextShift, weekdayName } from './components/working-days-editor';

const keys = (d: object, prefix = ''): string[] =>
  Object.entries(d).flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));

describe('users feature helpers', () => {
  it('accepts the image types of spec §5 only', () => {
    for (const name of ['a.jpg', 'a.JPEG', 'a.png', 'a.svg', 'a.jfif', 'a.gif'])
      expect(isAcceptedImage({ name }), name).toBe(true);
    expect(isAcceptedImage({ name: 'a.png', type: 'image/png' })).toBe(true);
    expect(isAcceptedImage({ name: 'a.pdf', type: 'application/pdf' })).toBe(false);
    expect(isAcceptedImage({ name: 'a.webp' })).toBe(false);
    expect(isAcceptedImage({ name: 'a.png', type: 'text/html' })).toBe(false);
  });

  it('proposes a new shift after the last one of the day, up to 24:00', () => {
    expect(nextShift([])).toEqual({ start: '09:00', end: '17:00' });
    expect(nextShift([{ start: '09:00', end: '13:00' }])).toEqual({ start: '13:00', end: '17:00' });
    expect(nextShift([{ start: '09:00', end: '22:00' }])).toEqual({ start: '22:00', end: '24:00' });
    expect(nextShift([{ start: '09:00', end: '24:00' }])).toEqual({ start: '', end: '' });
  });

  it('names weekdays in the UI language, Sunday first', () => {
    expect(weekdayName(0, 'en')).toBe('Sunday');
    expect(weekdayName(6, 'en')).toBe('Saturday');
    expect(weekdayName(0, 'fr')).toBe('dimanche');
  });

  it('has the same keys in ar, en and fr', () => {
    expect(keys(ar).sort()).toEqual(keys(en).sort());
    expect(keys(fr).sort()).toEqual(keys(en).sort());
  });
});
