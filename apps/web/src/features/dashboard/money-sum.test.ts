import { describe, expect, it } from 'vitest';
import { sumMoneyText } from './money-sum';

describe('sumMoneyText', () => {
  it('adds decimal texts exactly (0.1 + 0.2 is 0.3, not 0.30000000000000004)', () => {
    expect(sumMoneyText(['0.10', '0.20'])).toBe('0.300');
    expect(sumMoneyText(['140.30', '7.00', '12.345'])).toBe('159.645');
    expect(sumMoneyText([])).toBe('0.000');
    expect(sumMoneyText(['99999999999.999', '0.001'])).toBe('100000000000.000');
  });
});
