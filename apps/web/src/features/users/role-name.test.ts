import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { roleName } from './role-name';

describe('roleName (issue 18: a French screen showed "Employee (operator)")', () => {
  afterEach(() => setLanguage('ar'));
  const operator = { roleNameAr: 'موظف (مشغّل)', roleNameEn: 'Employee (operator)', baseRole: 'RL3' } as const;

  it("reads a built-in role's French name in French, its stored names in Arabic and English", async () => {
    await setLanguage('fr');
    expect(roleName(operator)).toBe('Employé (opérateur)');
    expect(roleName(operator)).not.toBe('Employee (operator)');
    await setLanguage('en');
    expect(roleName(operator)).toBe('Employee (operator)');
    await setLanguage('ar');
    expect(roleName(operator)).toBe('موظف (مشغّل)');
  });

  it('keeps a role the clinic renamed as the clinic wrote it', async () => {
    await setLanguage('fr');
    expect(roleName({ ...operator, roleNameEn: 'Dentist' })).toBe('Dentist');
  });
});
