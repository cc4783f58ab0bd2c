import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { localRoleName, roleName } from './role-name';

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

describe('localRoleName: every place a role is named (issue 18)', () => {
  afterEach(() => setLanguage('ar'));

  it('reads the lab role and the default roles in French, in every language', async () => {
    const lab = { nameAr: 'مستخدم معمل', nameEn: 'Lab user', baseRole: 'RL5' } as const;
    const owner = { nameAr: 'المالك', nameEn: 'Owner', baseRole: 'RL1' } as const;
    await setLanguage('fr');
    expect(localRoleName(lab)).toBe('Utilisateur de laboratoire');
    expect(localRoleName(owner)).toBe('Propriétaire');
    expect(roleName({ roleNameAr: lab.nameAr, roleNameEn: lab.nameEn, baseRole: 'RL5' })).toBe('Utilisateur de laboratoire');
    expect(localRoleName({ ...owner, nameEn: 'Head' })).toBe('Head');
    await setLanguage('en');
    expect(localRoleName(lab)).toBe('Lab user');
    await setLanguage('ar');
    expect(localRoleName(lab)).toBe('مستخدم معمل');
  });
});

describe('localRoleName: a role’s own French name (issue 18)', () => {
  afterEach(() => setLanguage('ar'));

  it('shows a custom or renamed role’s French name in French only, its English one when it has none', async () => {
    const custom = { nameAr: 'منسق', nameEn: 'Coordinator', nameFr: 'Coordinateur', baseRole: 'RL4' } as const;
    await setLanguage('fr');
    expect(localRoleName(custom)).toBe('Coordinateur');
    expect(localRoleName({ ...custom, nameFr: null })).toBe('Coordinator');
    expect(localRoleName({ nameAr: 'المالك', nameEn: 'Owner', nameFr: 'Gérant', baseRole: 'RL1' })).toBe('Gérant');
    expect(roleName({ roleNameAr: 'منسق', roleNameEn: 'Coordinator', roleNameFr: 'Coordinateur', baseRole: 'RL4' })).toBe('Coordinateur');
    await setLanguage('en');
    expect(localRoleName(custom)).toBe('Coordinator');
    await setLanguage('ar');
    expect(localRoleName(custom)).toBe('منسق');
  });
});
