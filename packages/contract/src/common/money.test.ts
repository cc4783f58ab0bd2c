import { describe, expect, it } from 'vitest';
import { currencyDecimals, fitsCurrency, moneyAmount } from './money.js';

describe('money', () => {
  it('parses amounts to canonical 3-decimal text and refuses floats past 3 decimals, negatives and junk', () => {
    expect(moneyAmount.parse('150')).toBe('150.000');
    expect(moneyAmount.parse(12.5)).toBe('12.500');
    expect(moneyAmount.parse('0')).toBe('0.000');
    for (const bad of ['-1', '1.2345', 0.1 + 0.2, 'abc', '1e3', '123456789012', Number.NaN]) {
      expect(moneyAmount.safeParse(bad).error?.issues[0]?.message).toBe('money_invalid');
    }
    expect(moneyAmount.safeParse('').error?.issues[0]?.message).toBe('field_required');
  });

  it('knows which amounts fit a currency', () => {
    expect(currencyDecimals('LYD')).toBe(3);
    expect(currencyDecimals('EGP')).toBe(2);
    expect(fitsCurrency('12.340', 2)).toBe(true);
    expect(fitsCurrency('12.345', 2)).toBe(false);
    expect(fitsCurrency('12.345', 3)).toBe(true);
  });
});
