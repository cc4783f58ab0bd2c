import { describe, expect, it } from 'vitest';
import { clinicDateOf, clinicWallClock } from './clinic-time';

describe('clinic time', () => {
  it("reads an instant on the clinic's clock, not the device's", () => {
    const at = '2026-11-22T22:30:00Z';
    expect(clinicWallClock(at, 'Africa/Cairo').format('YYYY-MM-DD HH:mm')).toBe('2026-11-23 00:30');
    expect(clinicWallClock(at, 'Asia/Riyadh').format('YYYY-MM-DD HH:mm')).toBe('2026-11-23 01:30');
    expect(clinicWallClock(at, 'America/New_York').format('YYYY-MM-DD HH:mm')).toBe('2026-11-22 17:30');
  });
  it("gives the clinic's day", () => {
    expect(clinicDateOf('2026-11-22T21:00:00Z', 'Asia/Riyadh')).toBe('2026-11-23');
    expect(clinicDateOf('2026-11-22T21:00:00Z', 'Africa/Cairo')).toBe('2026-11-22');
  });
  it('falls back to the device clock for an unknown zone and marks a bad instant invalid', () => {
    expect(clinicWallClock('2026-01-01T10:00:00Z', 'Nowhere/City').isValid()).toBe(true);
    expect(clinicWallClock('not a date', 'Africa/Cairo').isValid()).toBe(false);
  });
});
