import { describe, expect, it } from 'vitest';
import {
  ADULT_TEETH,
  ALL_TEETH,
  CHILD_TEETH,
  archOf,
  chartRows,
  dentitionOf,
  fdiOf,
  fdiToPalmer,
  isAnterior,
  isPatientRight,
  isValidTooth,
  neighbourOnArch,
  opposingTooth,
  palmerCode,
  palmerSymbol,
  palmerToFdi,
  positionOf,
  quadrantOf,
  toothCode,
  toothLabel,
} from './tooth-numbering.js';

describe('tooth numbering', () => {
  it('lists the FDI teeth of spec §9', () => {
    expect(ADULT_TEETH).toHaveLength(32);
    expect(CHILD_TEETH).toHaveLength(20);
    expect(ADULT_TEETH.slice(0, 8)).toEqual([11, 12, 13, 14, 15, 16, 17, 18]);
    expect(ADULT_TEETH.at(-1)).toBe(48);
    expect(CHILD_TEETH.slice(0, 5)).toEqual([51, 52, 53, 54, 55]);
    expect(CHILD_TEETH.at(-1)).toBe(85);
    expect(new Set(ALL_TEETH).size).toBe(52);
  });

  it('refuses numbers that are no tooth', () => {
    for (const n of [0, 1, 10, 19, 20, 29, 30, 39, 40, 49, 50, 56, 60, 66, 76, 86, 90, 91, 99, 100, 11.5, -11, NaN])
      expect(isValidTooth(n), String(n)).toBe(false);
    expect(isValidTooth('11')).toBe(false);
    expect(() => quadrantOf(19)).toThrow(RangeError);
    expect(() => palmerCode(56)).toThrow(RangeError);
    expect(() => toothLabel(0, 'FDI')).not.toThrow(); // FDI labels are the number itself
  });

  it('maps every adult FDI number to Palmer and back', () => {
    const expected: Record<number, string> = { 1: 'UR', 2: 'UL', 3: 'LL', 4: 'LR' };
    for (const tooth of ADULT_TEETH) {
      const code = `${expected[Math.floor(tooth / 10)]}${tooth % 10}`;
      expect(palmerCode(tooth)).toBe(code);
      expect(fdiToPalmer(tooth)).toEqual({ quadrant: code.slice(0, 2), position: String(tooth % 10) });
      expect(palmerToFdi(code)).toBe(tooth);
      expect(palmerToFdi(code.toLowerCase())).toBe(tooth);
      expect(palmerToFdi(palmerSymbol(tooth))).toBe(tooth);
      expect(palmerToFdi(fdiToPalmer(tooth))).toBe(tooth);
    }
  });

  it('maps every child FDI number to Palmer letters A-E and back', () => {
    const expected: Record<number, string> = { 5: 'UR', 6: 'UL', 7: 'LL', 8: 'LR' };
    for (const tooth of CHILD_TEETH) {
      const code = `${expected[Math.floor(tooth / 10)]}${'ABCDE'[(tooth % 10) - 1]}`;
      expect(palmerCode(tooth)).toBe(code);
      expect(palmerToFdi(code)).toBe(tooth);
      expect(palmerToFdi(palmerSymbol(tooth))).toBe(tooth);
      expect(palmerToFdi(fdiToPalmer(tooth))).toBe(tooth);
    }
    expect(palmerCode(55)).toBe('URE');
    expect(palmerCode(61)).toBe('ULA');
    expect(palmerCode(73)).toBe('LLC');
    expect(palmerCode(84)).toBe('LRD');
  });

  it('writes the Palmer corner on the side of the midline', () => {
    expect(palmerSymbol(16)).toBe('6┘');
    expect(palmerSymbol(21)).toBe('└1');
    expect(palmerSymbol(36)).toBe('┌6');
    expect(palmerSymbol(48)).toBe('8┐');
    expect(palmerSymbol(55)).toBe('E┘');
    expect(palmerSymbol(75)).toBe('┌E');
    expect(palmerToFdi('6┐')).toBe(46);
    expect(palmerToFdi('┐6')).toBe(46); // the symbol alone names the quadrant
    expect(palmerToFdi(' ul 3 ')).toBe(23);
  });

  it('refuses Palmer texts that name no tooth', () => {
    for (const text of ['', 'UR', 'UR0', 'UR9', 'URF', 'XX6', '6', '┌', '┌9', '┌F', 'LL66', '36', 'U R 6 X'])
      expect(palmerToFdi(text), text).toBeNull();
    expect(palmerToFdi({ quadrant: 'UR', position: '9' })).toBeNull();
    expect(palmerToFdi({ quadrant: 'XX' as never, position: '1' })).toBeNull();
    expect(fdiOf('UL', 6, 'child')).toBeNull();
    expect(fdiOf('UL', 5, 'child')).toBe(65);
  });

  it('labels a tooth in the numbering system of the user', () => {
    expect(toothLabel(36, 'FDI')).toBe('36');
    expect(toothLabel(36, 'Palmer')).toBe('┌6');
    expect(toothCode(36, 'FDI')).toBe('36');
    expect(toothCode(36, 'Palmer')).toBe('LL6');
  });

  it('knows quadrants, arches, sides, dentitions and anterior teeth', () => {
    expect([quadrantOf(18), quadrantOf(28), quadrantOf(38), quadrantOf(48)]).toEqual(['UR', 'UL', 'LL', 'LR']);
    expect([quadrantOf(55), quadrantOf(65), quadrantOf(75), quadrantOf(85)]).toEqual(['UR', 'UL', 'LL', 'LR']);
    expect([archOf(17), archOf(62), archOf(31), archOf(85)]).toEqual(['upper', 'upper', 'lower', 'lower']);
    expect([isPatientRight(14), isPatientRight(44), isPatientRight(24), isPatientRight(34)]).toEqual([true, true, false, false]);
    expect([dentitionOf(11), dentitionOf(51)]).toEqual(['adult', 'child']);
    expect([positionOf(27), positionOf(83)]).toEqual([7, 3]);
    expect([isAnterior(13), isAnterior(14), isAnterior(53), isAnterior(54)]).toEqual([true, false, true, false]);
  });

  it('lays out the chart with the patient right on the viewer left', () => {
    expect(chartRows('adult')).toEqual({
      upper: [18, 17, 16, 15, 14, 13, 12, 11, 21, 22, 23, 24, 25, 26, 27, 28],
      lower: [48, 47, 46, 45, 44, 43, 42, 41, 31, 32, 33, 34, 35, 36, 37, 38],
    });
    expect(chartRows('child')).toEqual({
      upper: [55, 54, 53, 52, 51, 61, 62, 63, 64, 65],
      lower: [85, 84, 83, 82, 81, 71, 72, 73, 74, 75],
    });
  });

  it('moves along the arch and across to the opposing tooth', () => {
    expect(neighbourOnArch(11, 1)).toBe(21);
    expect(neighbourOnArch(11, -1)).toBe(12);
    expect(neighbourOnArch(18, -1)).toBeNull();
    expect(neighbourOnArch(38, 1)).toBeNull();
    expect(neighbourOnArch(41, 1)).toBe(31);
    expect(neighbourOnArch(75, -1)).toBe(74);
    expect(opposingTooth(16)).toBe(46);
    expect(opposingTooth(36)).toBe(26);
    expect(opposingTooth(52)).toBe(82);
    expect(opposingTooth(71)).toBe(61);
  });
});
