import type { PermissionKey } from '@dental/contract';
import { describe, expect, it } from 'vitest';
import { displayOrder, groupState, isKeyEnabled, sameKeys, setGroup, toggleKey } from './permission-state';

const all = () => true;
const set = (...keys: PermissionKey[]) => new Set<PermissionKey>(keys);

describe('permissions page ticking rules', () => {
  it('unticking a view-list key unticks and disables its action keys', () => {
    const start = set('room_list', 'room_add', 'room_edit', 'patient_list');
    const next = toggleKey(start, 'room_list', false);
    expect([...next]).toEqual(['patient_list']);
    expect(isKeyEnabled('room_add', next, all)).toBe(false);
    expect(isKeyEnabled('room_add', start, all)).toBe(true);
    expect(isKeyEnabled('room_list', next, all)).toBe(true);
    expect(isKeyEnabled('scheduler_view_all', next, all)).toBe(true);
  });

  it('ticks an action key only with its view-list key', () => {
    expect([...toggleKey(set(), 'room_add', true)]).toEqual([]);
    expect([...toggleKey(set('room_list'), 'room_add', true)]).toEqual(['room_list', 'room_add']);
  });

  it('check-all ticks or unticks the keys the caller may grant', () => {
    const room: PermissionKey[] = ['room_list', 'room_add', 'room_edit', 'room_delete'];
    const noDelete = (k: PermissionKey) => k !== 'room_delete';
    expect([...setGroup(set(), room, true, all)]).toEqual(room);
    expect([...setGroup(set(), room, true, noDelete)]).toEqual(['room_list', 'room_add', 'room_edit']);
    expect([...setGroup(set('room_list', 'room_delete', 'patient_list'), room, false, noDelete)]).toEqual([
      'patient_list',
    ]);
    expect(isKeyEnabled('room_delete', set('room_list'), noDelete)).toBe(false);
  });

  it('reports a group as all, some or none ticked', () => {
    const room: PermissionKey[] = ['room_list', 'room_add'];
    expect(groupState(set('room_list', 'room_add'), room)).toEqual({ checked: true, indeterminate: false, count: 2 });
    expect(groupState(set('room_list'), room)).toEqual({ checked: false, indeterminate: true, count: 1 });
    expect(groupState(set(), room)).toEqual({ checked: false, indeterminate: false, count: 0 });
  });

  it('shows action keys under their view-list key', () => {
    expect(
      displayOrder([
        'patient_list',
        'patient_list_waiting_for_approve',
        'patient_add',
        'patient_edit',
        'patient_duplicated_list',
      ]),
    ).toEqual([
      { key: 'patient_list', indent: false },
      { key: 'patient_add', indent: true },
      { key: 'patient_edit', indent: true },
      { key: 'patient_list_waiting_for_approve', indent: false },
      { key: 'patient_duplicated_list', indent: false },
    ]);
    expect(sameKeys(set('room_list', 'room_add'), set('room_add', 'room_list'))).toBe(true);
    expect(sameKeys(set('room_list'), set('room_add'))).toBe(false);
  });
});
