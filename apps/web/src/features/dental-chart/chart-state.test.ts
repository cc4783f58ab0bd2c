import type { ChartedTooth } from '@dental/contract';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_SELECTION,
  clearTeeth,
  eraseColours,
  colourSurfaces,
  colourTeeth,
  removeExtra,
  selectedTeeth,
  setExtra,
  surfaceButtonState,
  toggleSurface,
  toggleSurfaceOnSelected,
  toggleTooth,
} from './chart-state';

const charted = (tooth: number, extras: ChartedTooth['extras'] = []): ChartedTooth => ({
  tooth,
  color: null,
  surfaces: {},
  extras,
  parts: [],
  extensions: [],
  updatedAt: '2025-01-01T00:00:00.000Z',
});

describe('chart selection', () => {
  it('picks and drops teeth in picking order', () => {
    let s = toggleTooth(EMPTY_SELECTION, 36);
    s = toggleTooth(s, 11);
    expect(selectedTeeth(s)).toEqual([36, 11]);
    s = toggleTooth(s, 36);
    expect(selectedTeeth(s)).toEqual([11]);
    expect(s.teeth).toEqual({ 11: [] });
  });

  it('picks surfaces per tooth, in M D B L O order, and picking a surface picks the tooth', () => {
    let s = toggleSurface(EMPTY_SELECTION, 36, 'O');
    s = toggleSurface(s, 36, 'M');
    s = toggleSurface(s, 37, 'D');
    expect(s.teeth).toEqual({ 36: ['M', 'O'], 37: ['D'] });
    expect(selectedTeeth(s)).toEqual([36, 37]);
    s = toggleSurface(s, 36, 'O');
    expect(s.teeth[36]).toEqual(['M']);
  });

  it('toggles a surface on every selected tooth from the toolbar', () => {
    let s = toggleSurface(toggleTooth(EMPTY_SELECTION, 11), 21, 'B');
    expect(surfaceButtonState(s, 'B')).toBe('some');
    s = toggleSurfaceOnSelected(s, 'B');
    expect(s.teeth).toEqual({ 11: ['B'], 21: ['B'] });
    expect(surfaceButtonState(s, 'B')).toBe('all');
    s = toggleSurfaceOnSelected(s, 'B');
    expect(s.teeth).toEqual({ 11: [], 21: [] });
    expect(surfaceButtonState(s, 'B')).toBe('none');
    expect(toggleSurfaceOnSelected(EMPTY_SELECTION, 'B')).toBe(EMPTY_SELECTION);
  });
});

describe('chart changes', () => {
  it('needs a tooth for every action and a surface for surface colours', () => {
    expect(colourTeeth(EMPTY_SELECTION, '#ff0000')).toEqual({ error: 'select_tooth' });
    expect(colourSurfaces(EMPTY_SELECTION, '#ff0000')).toEqual({ error: 'select_tooth' });
    expect(setExtra(EMPTY_SELECTION, [], 'crown', 'planned')).toEqual({ error: 'select_tooth' });
    expect(clearTeeth(EMPTY_SELECTION)).toEqual({ error: 'select_tooth' });
    expect(colourSurfaces(toggleTooth(EMPTY_SELECTION, 36), '#ff0000')).toEqual({ error: 'select_surface' });
  });

  it('builds the SavePatientTeeth changes', () => {
    const s = toggleSurface(toggleTooth(EMPTY_SELECTION, 11), 36, 'O');
    expect(colourTeeth(s, '#ff0000')).toEqual({
      changes: [
        { tooth: 11, color: '#ff0000' },
        { tooth: 36, color: '#ff0000' },
      ],
    });
    expect(colourSurfaces(s, null)).toEqual({ changes: [{ tooth: 36, surfaces: { codes: ['O'], color: null } }] });
    expect(eraseColours(s)).toEqual({
      changes: [
        { tooth: 11, color: null, surfaces: { codes: ['M', 'D', 'B', 'L', 'O'], color: null } },
        { tooth: 36, surfaces: { codes: ['O'], color: null } },
      ],
    });
    expect(eraseColours(EMPTY_SELECTION)).toEqual({ error: 'select_tooth' });
    expect(clearTeeth(s)).toEqual({
      changes: [
        { tooth: 11, clear: true },
        { tooth: 36, clear: true },
      ],
    });
  });

  it('sets an extra, replacing the status of the same extra, and removes one', () => {
    const chart = [charted(11, [{ code: 'crown', status: 'planned' }, { code: 'veneer', status: 'existing' }])];
    const s = toggleTooth(toggleTooth(EMPTY_SELECTION, 11), 12);
    expect(setExtra(s, chart, 'crown', 'done')).toEqual({
      changes: [
        { tooth: 11, extras: [{ code: 'crown', status: 'done' }, { code: 'veneer', status: 'existing' }] },
        { tooth: 12, extras: [{ code: 'crown', status: 'done' }] },
      ],
    });
    expect(removeExtra(chart, 11, 'crown')).toEqual({ tooth: 11, extras: [{ code: 'veneer', status: 'existing' }] });
  });
});
