import { describe, expect, it } from 'vitest';
import { formatDecimalText, formatPercentText, trimDecimalText } from './decimal-format';

describe('decimal text in the UI', () => {
  it('formats stored amounts exactly, with Latin digits and the currency', () => {
    expect(formatDecimalText('999999999999.99', 'EGP')).toMatch(/^999.999.999.999[.,]99 EGP$/);
    expect(formatDecimalText('1500.00')).toMatch(/^1.500$/);
    expect(formatDecimalText('0.10')).toMatch(/^0[.,]10$/);
    expect(formatDecimalText('8000.50', 'EGP')).toMatch(/^8.000[.,]50 EGP$/);
    expect(formatDecimalText(null)).toBe('');
    expect(formatDecimalText('abc')).toBe('');
  });

  it('formats percentages without needless decimals', () => {
    expect(formatPercentText('82.50')).toMatch(/^82[.,]5%$/);
    expect(formatPercentText('100.00')).toBe('100%');
    expect(formatPercentText(undefined)).toBe('');
  });

  it('trims trailing zeros for inputs', () => {
    expect(trimDecimalText('80.00')).toBe('80');
    expect(trimDecimalText('12.50')).toBe('12.5');
    expect(trimDecimalText('100')).toBe('100');
    expect(trimDecimalText('0.00')).toBe('0');
    expect(trimDecimalText(null)).toBeUndefined();
  });
});
