import { describe, expect, it } from 'vitest';
import { CLINIC_ROLE_CODES } from '../enums.js';
import {
  DEFAULT_ROLE_PERMISSIONS,
  PERMISSIONS,
  PERMISSION_GROUPS,
  PERMISSION_GROUP_OF,
  PERMISSION_KEYS,
} from '../permissions.js';
import {
  PERMISSION_MODULES,
  PERMISSION_REQUIRES,
  dependentKeys,
  isViewListKey,
  normalizeRoleKeys,
  permissionCatalogue,
  permissionDefinition,
} from './role-permissions.js';
import { saveRoleInput, saveRolePermissionInput } from './roles.schemas.js';

describe('permission modules (view-list key and its action keys)', () => {
  it('keeps each module inside one permission group and each action key in one module', () => {
    const seen = new Set<string>();
    for (const m of PERMISSION_MODULES) {
      for (const a of m.actions) {
        expect(PERMISSION_GROUP_OF[a], `${a} with ${m.list}`).toBe(PERMISSION_GROUP_OF[m.list]);
        expect(seen.has(a), a).toBe(false);
        expect(isViewListKey(a), a).toBe(false);
        seen.add(a);
      }
    }
  });

  it('marks the view-list key of a module and names its dependents', () => {
    expect(isViewListKey('room_list')).toBe(true);
    expect(dependentKeys('room_list')).toEqual(['room_add', 'room_edit', 'room_delete']);
    expect(PERMISSION_REQUIRES.patient_add).toBe('patient_list');
    expect(PERMISSION_REQUIRES.patient_list).toBeUndefined();
    expect(dependentKeys('scheduler_view_all')).toEqual([]);
  });

  it('drops action keys whose view-list key is missing, dedupes and sorts in catalogue order', () => {
    expect(
      normalizeRoleKeys(['room_add', 'room_edit', 'patient_add', 'patient_list', 'patient_list', 'room_delete']),
    ).toEqual(['patient_list', 'patient_add']);
    expect(normalizeRoleKeys(['room_delete', 'room_list', 'scheduler_view_all'])).toEqual([
      'scheduler_view_all',
      'room_list',
      'room_delete',
    ]);
  });

  it('every default role already satisfies the rule', () => {
    for (const code of CLINIC_ROLE_CODES)
      expect(normalizeRoleKeys(DEFAULT_ROLE_PERMISSIONS[code]), code).toEqual(
        PERMISSION_KEYS.filter((k) => DEFAULT_ROLE_PERMISSIONS[code].includes(k)),
      );
  });
});

describe('permission catalogue', () => {
  it('lists every key once, grouped in PERMISSION_GROUPS order with the group tier', () => {
    const catalogue = permissionCatalogue();
    expect(catalogue.map((g) => g.group)).toEqual([...PERMISSION_GROUPS]);
    expect(catalogue.flatMap((g) => g.keys.map((k) => k.key)).sort()).toEqual([...PERMISSION_KEYS].sort());
    expect(catalogue.find((g) => g.group === 'role')).toMatchObject({ tier: 'ST1' });
    expect(PERMISSIONS.length).toBe(PERMISSION_KEYS.length);
  });

  it('describes one key', () => {
    expect(permissionDefinition('room_edit')).toEqual({
      key: 'room_edit',
      group: 'room',
      tier: 'ST0',
      viewList: false,
      requires: 'room_list',
    });
    expect(permissionDefinition('role_list')).toMatchObject({ tier: 'ST1', viewList: true, requires: null });
  });
});

describe('role schemas', () => {
  it('accepts only catalogue keys, with the position of a bad one', () => {
    expect(saveRolePermissionInput.safeParse({ roleId: 1, permissions: ['room_list'] }).success).toBe(true);
    const bad = saveRolePermissionInput.safeParse({ roleId: 1, permissions: ['room_list', 'fly'] });
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['permissions.1', 'field_invalid']]);
    const missing = saveRolePermissionInput.safeParse({ roleId: 1 });
    expect(missing.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['permissions', 'field_required'],
    ]);
  });

  it('never lets a custom role act as the owner', () => {
    expect(saveRoleInput.safeParse({ nameAr: 'أ', nameEn: 'A', baseRole: 'RL4' }).success).toBe(true);
    const owner = saveRoleInput.safeParse({ nameAr: 'أ', nameEn: 'A', baseRole: 'RL1' });
    expect(owner.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['baseRole', 'field_invalid']]);
  });
});
