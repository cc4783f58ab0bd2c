import { describe, expect, it } from 'vitest';
import { LAB_ORDER_STATUSES } from '../enums.js';
import { LAB_ORDER_TRANSITIONS, LAB_USER_TRANSITIONS, canMoveLabOrder, labOrderTakesAttachments, labUserMayMove } from './lab-status.js';
import { saveLabOrderInput } from './labs.schemas.js';

describe('lab order transitions', () => {
  it('follow the issue: LOS1→LOS2→LOS7→LOS3, LOS7→LOS4→LOS5→LOS7, LOS6 from LOS1/2/4/5, LOS3 and LOS6 final', () => {
    expect(canMoveLabOrder('LOS1', 'LOS2')).toBe(true);
    expect(canMoveLabOrder('LOS2', 'LOS7')).toBe(true);
    expect(canMoveLabOrder('LOS7', 'LOS3')).toBe(true);
    expect(canMoveLabOrder('LOS7', 'LOS4')).toBe(true);
    expect(canMoveLabOrder('LOS4', 'LOS5')).toBe(true);
    expect(canMoveLabOrder('LOS5', 'LOS7')).toBe(true);
    for (const s of ['LOS1', 'LOS2', 'LOS4', 'LOS5'] as const) expect(canMoveLabOrder(s, 'LOS6')).toBe(true);
    for (const s of ['LOS3', 'LOS6', 'LOS7'] as const) expect(canMoveLabOrder(s, 'LOS6')).toBe(false);
    expect(LAB_ORDER_TRANSITIONS.LOS3).toEqual([]);
    expect(LAB_ORDER_TRANSITIONS.LOS6).toEqual([]);
    expect(canMoveLabOrder('LOS1', 'LOS7')).toBe(false);
  });
  it("a lab user's moves are a subset of the clinic's table", () => {
    for (const from of LAB_ORDER_STATUSES)
      for (const to of LAB_USER_TRANSITIONS[from] ?? []) expect(canMoveLabOrder(from, to)).toBe(true);
    expect(labUserMayMove('LOS1', 'LOS2')).toBe(true);
    expect(labUserMayMove('LOS2', 'LOS7')).toBe(false);
  });
  it('an expected delivery before the send date is refused', () => {
    const r = saveLabOrderInput.safeParse({ patientId: 1, labId: 1, labServiceId: 1, sendDate: '2026-05-02', expectedDeliveryDate: '2026-05-01' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('lab_order_delivery_before_send');
  });
});

describe('labOrderTakesAttachments', () => {
  it('refuses new files only on a used or cancelled order', () => {
    const open = LAB_ORDER_STATUSES.filter(labOrderTakesAttachments);
    expect(open).toEqual(['LOS1', 'LOS2', 'LOS4', 'LOS5', 'LOS7']);
  });
});
