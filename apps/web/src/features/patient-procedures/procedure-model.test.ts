import { describe, expect, it } from 'vitest';
import {
  groupProcedures,
  pickerGroups,
  proceduresByTooth,
  teethSelectionError,
  selectionFromTeeth,
  teethFromSelection,
  teethText,
  withApprovalConfirmation,
} from './procedure-model';

describe('status groups and chart drawing', () => {
  const items = [
    { id: 1, status: 'S1' as const, teeth: [{ tooth: 36, surfaces: [] }] },
    { id: 2, status: 'S3' as const, teeth: [{ tooth: 36, surfaces: ['M', 'O'] }] },
    { id: 3, status: 'S5' as const, teeth: [{ tooth: 11, surfaces: [] }] },
    { id: 4, status: 'S2' as const, teeth: [{ tooth: 11, surfaces: ['B'] }] },
    { id: 5, status: 'S4' as const, teeth: [{ tooth: 21, surfaces: [] }] },
  ];
  it('groups S1 / S2 / S3+S4 / S5 in the server order', () => {
    const g = groupProcedures(items);
    expect(g.planned.map((i) => i.id)).toEqual([1]);
    expect(g.inProgress.map((i) => i.id)).toEqual([4]);
    expect(g.completed.map((i) => i.id)).toEqual([2, 5]);
    expect(g.cancelled.map((i) => i.id)).toEqual([3]);
  });
  it('draws planned and in-progress as planned, completed as completed, never cancelled', () => {
    const m = proceduresByTooth(items);
    expect(m.get(36)).toEqual({ plannedWhole: true, completedWhole: false, plannedSurfaces: [], completedSurfaces: ['M', 'O'], count: 2 });
    expect(m.get(11)).toEqual({ plannedWhole: false, completedWhole: false, plannedSurfaces: ['B'], completedSurfaces: [], count: 1 });
    expect(m.get(21)?.completedWhole).toBe(true);
  });
});

describe('teeth selection rule', () => {
  it('mirrors the server: none needs nothing, tooth a tooth, surface a surface on every tooth', () => {
    expect(teethSelectionError('none', [])).toBeNull();
    expect(teethSelectionError('tooth', [])).toBe('select_tooth');
    expect(teethSelectionError('tooth', [{ tooth: 36, surfaces: [] }])).toBeNull();
    expect(teethSelectionError('surface', [{ tooth: 36, surfaces: [] }])).toBe('select_surface');
    expect(teethSelectionError('surface', [{ tooth: 36, surfaces: ['O'] }, { tooth: 37, surfaces: [] }])).toBe('select_surface');
    expect(teethSelectionError('surface', [{ tooth: 36, surfaces: ['O'] }])).toBeNull();
  });
  it('writes teeth in the numbering system', () => {
    expect(teethText([{ tooth: 36, surfaces: ['M', 'O'] }, { tooth: 11, surfaces: [] }], 'FDI')).toBe('36 (M, O) · 11');
  });
});

describe('procedure picker', () => {
  const row = (procedureId: number, nameEn: string, code: string, tb: number, isActive = true) => ({
    procedureId, nameAr: `ع ${nameEn}`, nameEn, nameFr: null, code, treatmentBranchId: tb,
    treatmentBranchNameAr: `فرع ${tb}`, treatmentBranchNameEn: `Branch ${tb}`, treatmentBranchNameFr: null, isActive,
  });
  const rows = [row(1, 'Root canal, molar', 'D3330', 1), row(2, 'Composite filling', 'D2391', 2), row(3, 'Old', 'X', 1, false)];
  it('searches name and code, leaves out inactive, groups by treatment branch in the UI language', () => {
    expect(pickerGroups(rows, '', 'en').map((g) => [g.label, g.items.map((i) => i.procedureId)])).toEqual([
      ['Branch 1', [1]],
      ['Branch 2', [2]],
    ]);
    expect(pickerGroups(rows, 'd2391', 'ar').map((g) => g.label)).toEqual(['فرع 2']);
    expect(pickerGroups(rows, 'canal', 'fr')[0]!.items[0]!.procedureId).toBe(1);
  });
});

describe('withApprovalConfirmation', () => {
  const approval = Object.assign(new Error('Approval is required'), { code: 'approval_required' });
  it('re-sends with confirmWithoutApproval when the user confirms, and only then', async () => {
    const calls: boolean[] = [];
    const send = async (confirm: boolean) => {
      calls.push(confirm);
      if (!confirm) throw approval;
      return 'ok';
    };
    await expect(withApprovalConfirmation(send, async () => true)).resolves.toBe('ok');
    expect(calls).toEqual([false, true]);
    calls.length = 0;
    await expect(withApprovalConfirmation(send, async () => false)).resolves.toBeNull();
    expect(calls).toEqual([false]);
  });
  it('passes any other error through without asking', async () => {
    const stale = Object.assign(new Error('stale'), { code: 'stale_version' });
    let asked = false;
    await expect(
      withApprovalConfirmation(async () => { throw stale; }, async () => (asked = true)),
    ).rejects.toBe(stale);
    expect(asked).toBe(false);
  });
});

describe('chart selection ⇄ teeth', () => {
  it('keeps surfaces only for procedures on surfaces or teeth', () => {
    const s = selectionFromTeeth([{ tooth: 36, surfaces: ['M', 'O'] }, { tooth: 11, surfaces: [] }]);
    expect(teethFromSelection(s, 'surface')).toEqual([{ tooth: 36, surfaces: ['M', 'O'] }, { tooth: 11, surfaces: [] }]);
    expect(teethFromSelection(s, 'none')).toEqual([{ tooth: 36, surfaces: [] }, { tooth: 11, surfaces: [] }]);
  });
});
