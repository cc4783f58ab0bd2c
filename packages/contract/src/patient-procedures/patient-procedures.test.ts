import { describe, expect, it } from 'vitest';
import { PROCEDURE_STATUSES } from '../enums.js';
import {
  PROCEDURE_TRANSITIONS, allowedNextStatuses, canMoveProcedure, procedureDiscount, procedureTeeth,
} from './patient-procedures.schemas.js';

describe('procedure status machine', () => {
  it('lists the documented transitions and never a move to the same status', () => {
    expect(allowedNextStatuses('S1')).toEqual(['S2', 'S3', 'S4', 'S5']);
    expect(allowedNextStatuses('S2')).toEqual(['S3', 'S4', 'S5']);
    expect(allowedNextStatuses('S5')).toEqual(['S1']);
    for (const s of PROCEDURE_STATUSES) expect(PROCEDURE_TRANSITIONS[s]).not.toContain(s);
    expect(canMoveProcedure('S3', 'S5')).toBe(false);
    expect(canMoveProcedure('S3', 'S2')).toBe(true);
  });
});

describe('procedure input rules', () => {
  it('takes a percent as exact text with at most 2 decimals, 0-100', () => {
    expect(procedureDiscount.parse({ kind: 'percent', value: 12.5 })).toEqual({ kind: 'percent', value: '12.50' });
    expect(procedureDiscount.safeParse({ kind: 'percent', value: '100.01' }).success).toBe(false);
    expect(procedureDiscount.safeParse({ kind: 'percent', value: '1.234' }).success).toBe(false);
    expect(procedureDiscount.parse({ kind: 'amount', value: '12.345' })).toEqual({ kind: 'amount', value: '12.345' });
  });
  it('refuses a tooth outside FDI, an unknown or repeated surface, a repeated tooth', () => {
    expect(procedureTeeth.parse([{ tooth: 36, surfaces: ['M', 'O'] }, { tooth: 11 }])).toEqual([
      { tooth: 36, surfaces: ['M', 'O'] },
      { tooth: 11, surfaces: [] },
    ]);
    const message = (v: unknown) => procedureTeeth.safeParse(v).error?.issues[0]?.message;
    expect(message([{ tooth: 19 }])).toBe('tooth_invalid');
    expect(message([{ tooth: 36, surfaces: ['X'] }])).toBe('tooth_surface_invalid');
    expect(message([{ tooth: 36, surfaces: ['M', 'M'] }])).toBe('tooth_surface_invalid');
    expect(message([{ tooth: 36 }, { tooth: 36 }])).toBe('tooth_invalid');
  });
});
