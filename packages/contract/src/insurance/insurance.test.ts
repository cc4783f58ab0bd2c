import { describe, expect, it } from 'vitest';
import { compareDecimalText, parsePercentage, parseDecimalText, parsePositiveAmount } from '../common/decimal-text.js';
import { saveInsuranceCompanyInput } from './insurance-companies.schemas.js';
import { savePatientLimitInput } from './patient-limits.schemas.js';

const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('decimal text', () => {
  it('keeps amounts as canonical text without float arithmetic', () => {
    expect(parseDecimalText('80', 3)).toBe('80.00');
    expect(parseDecimalText(' 012.5 ', 3)).toBe('12.50');
    expect(parseDecimalText(0.1 + 0.2, 3)).toBeNull(); // 0.30000000000000004
    expect(parseDecimalText(12.34, 3)).toBe('12.34');
    expect(parseDecimalText('1.234', 3)).toBeNull();
    expect(parseDecimalText('-1', 3)).toBeNull();
    expect(parseDecimalText('1e3', 5)).toBeNull();
    expect(parseDecimalText('1000', 3)).toBeNull();
    expect(parseDecimalText('', 3)).toBeNull();
  });

  it('compares canonical texts', () => {
    expect(compareDecimalText('100.00', '99.99')).toBe(1);
    expect(compareDecimalText('9.50', '10.00')).toBe(-1);
    expect(compareDecimalText('0.00', '0.00')).toBe(0);
  });

  it('coverage is 0 to 100; amounts are above zero and fit numeric(14,2)', () => {
    expect(parsePercentage('100')).toBe('100.00');
    expect(parsePercentage('0')).toBe('0.00');
    expect(parsePercentage('100.01')).toBeNull();
    expect(parsePositiveAmount('0')).toBeNull();
    expect(parsePositiveAmount('0.01')).toBe('0.01');
    expect(parsePositiveAmount('999999999999.99')).toBe('999999999999.99');
    expect(parsePositiveAmount('1000000000000')).toBeNull();
  });
});

describe('insurance schemas', () => {
  it('a company: name required, optional contact fields may be blank, coverage as text', () => {
    const ok = saveInsuranceCompanyInput.safeParse({
      name: ' مصر للتأمين ',
      mobile: '',
      email: '',
      coveragePercentage: 80,
    });
    expect(ok.success && ok.data).toEqual({
      name: 'مصر للتأمين',
      mobile: null,
      email: null,
      coveragePercentage: '80.00',
      requiresApproval: false,
      isActive: true,
    });
    const bad = saveInsuranceCompanyInput.safeParse({ mobile: '0100', email: 'x', coveragePercentage: '120' });
    expect(messages(bad)).toEqual({
      name: 'field_required',
      mobile: 'phone_invalid',
      email: 'email_invalid',
      coveragePercentage: 'coverage_percentage_invalid',
    });
    expect(messages(saveInsuranceCompanyInput.safeParse({ name: 'x', coveragePercentage: '' }))).toEqual({
      coveragePercentage: 'field_required',
    });
  });

  it('a limit: positive amount with 2 decimals, end date strictly after the start date', () => {
    const base = { patientId: 1, title: 'Annual', amount: '1500.5' };
    const ok = savePatientLimitInput.safeParse({ ...base, startDate: '2025-01-01', endDate: '2025-12-31' });
    expect(ok.success && ok.data.amount).toBe('1500.50');
    expect(
      messages(savePatientLimitInput.safeParse({ ...base, startDate: '2025-01-01', endDate: '2025-01-01' })),
    ).toEqual({
      endDate: 'date_after_start',
    });
    expect(messages(savePatientLimitInput.safeParse({ ...base, amount: '-3', startDate: '2025-02-30' }))).toEqual({
      amount: 'amount_invalid',
      startDate: 'field_invalid',
    });
    expect(savePatientLimitInput.safeParse({ ...base, startDate: '2025-03-01', endDate: '' }).success).toBe(true);
  });
});
