import { describe, expect, it } from 'vitest';
import { labUserActions, nameDirection } from './lab-model';

describe('labUserActions', () => {
  it('offers a lab user only the moves of its table, and "ready" once per preparation', () => {
    expect(labUserActions({ status: 'LOS1', readyAt: null })).toEqual(['LOS2']);
    expect(labUserActions({ status: 'LOS2', readyAt: null })).toEqual(['ready']);
    expect(labUserActions({ status: 'LOS2', readyAt: '2026-11-24T10:00:00.000Z' })).toEqual([]);
    expect(labUserActions({ status: 'LOS4', readyAt: null })).toEqual(['LOS5']);
    expect(labUserActions({ status: 'LOS5', readyAt: null })).toEqual(['ready']);
    for (const status of ['LOS3', 'LOS6', 'LOS7'] as const) expect(labUserActions({ status, readyAt: null })).toEqual([]);
  });
});

describe('nameDirection', () => {
  it('is the direction of the name’s first letter, whatever the page’s', () => {
    expect(nameDirection('upper-impression-scan.png')).toBe('ltr');
    expect(nameDirection('2026-11-24 scan.pdf')).toBe('ltr');
    expect(nameDirection('صورة الطبعة.png')).toBe('rtl');
    expect(nameDirection('01 - أشعة.pdf')).toBe('rtl');
    expect(nameDirection('.png')).toBe('ltr');
  });
});
