import { describe, expect, it } from 'vitest';
import { dayCount } from './vacation-days';

describe('dayCount', () => {
  it('counts both the first and the last day', () => {
    expect(dayCount('2026-12-25', '2026-12-25')).toBe(1);
    expect(dayCount('2026-12-30', '2027-01-02')).toBe(4);
  });
  it('is not fooled by a daylight-saving change (calendar days, not hours)', () => {
    expect(dayCount('2026-03-28', '2026-03-30')).toBe(3);
  });
  it('gives 0 for an unreadable day', () => {
    expect(dayCount('x', '2026-01-01')).toBe(0);
  });
});
