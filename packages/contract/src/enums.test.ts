import { describe, expect, it } from 'vitest';
import { roleSatisfiesRule, tierRank } from './enums.js';
import { DEFAULT_ROLE_PERMISSIONS, GROUP_TIER, PERMISSION_GROUP_OF, PERMISSION_KEYS } from './permissions.js';

describe('permissions and tiers', () => {
  it('orders tiers ST0 < ST1 < ST2 < ST3', () => {
    expect([tierRank('ST0'), tierRank('ST1'), tierRank('ST2'), tierRank('ST3')]).toEqual([0, 1, 2, 3]);
  });
  it('gates groups as spec §6 lists them', () => {
    for (const g of ['scheduler', 'user', 'settings', 'clinic', 'treatment', 'room', 'patient'] as const) expect(GROUP_TIER[g]).toBe('ST0');
    for (const g of ['dashboard', 'prescription', 'financial', 'role', 'report', 'contactUs'] as const) expect(GROUP_TIER[g]).toBe('ST1');
    for (const g of ['stock', 'lab', 'insurance', 'qrcode'] as const) expect(GROUP_TIER[g]).toBe('ST2');
    expect(GROUP_TIER.NewPatientsList).toBe('ST3');
  });
  it('keys are unique and every default role key exists', () => {
    expect(new Set(PERMISSION_KEYS).size).toBe(PERMISSION_KEYS.length);
    for (const keys of Object.values(DEFAULT_ROLE_PERMISSIONS)) for (const k of keys) expect(PERMISSION_GROUP_OF[k]).toBeTruthy();
    expect(DEFAULT_ROLE_PERMISSIONS.RL1).toEqual(PERMISSION_KEYS);
    expect(DEFAULT_ROLE_PERMISSIONS.RL2.some((k) => PERMISSION_GROUP_OF[k] === 'role')).toBe(false);
  });
  it('route rules: branch manager, secretariat and accountant', () => {
    expect(roleSatisfiesRule('RL2', 'BranchManager')).toBe(true);
    expect(roleSatisfiesRule('RL4', 'BranchManager')).toBe(false);
    expect(roleSatisfiesRule('RL4', 'Secretariat')).toBe(true);
    expect(roleSatisfiesRule('RL6', 'Accountant')).toBe(true);
    expect(roleSatisfiesRule('RL3', 'Accountant')).toBe(false);
    expect(roleSatisfiesRule('RL3', 'Anonymous')).toBe(true);
  });
});
