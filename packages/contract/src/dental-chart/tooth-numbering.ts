import type { ToothNumbering } from '../enums.js';

/*
 * Tooth numbering (spec §9). Teeth are stored and sent as FDI (ISO 3950) numbers: two digits, the quadrant then the
 * position from the midline. Adult quadrants 1-4 hold positions 1-8, child quadrants 5-8 positions 1-5. A user
 * may read them in FDI ("36") or in Palmer notation, where the quadrant is a corner symbol drawn as the dentist
 * sees the patient (┘ upper right, └ upper left, ┐ lower right, ┌ lower left) and the tooth is 1-8 for an adult,
 * A-E for a child: FDI 36 is "┌6" (text form "LL6"), FDI 55 is "E┘" ("URE").
 */

export type Dentition = 'adult' | 'child';
export type Arch = 'upper' | 'lower';
/** The patient's quadrant: upper right, upper left, lower left, lower right (FDI 1, 2, 3, 4 and 5, 6, 7, 8). */
export type Quadrant = 'UR' | 'UL' | 'LL' | 'LR';
export const QUADRANTS = ['UR', 'UL', 'LL', 'LR'] as const satisfies readonly Quadrant[];

/** Palmer's corner symbol per quadrant (the lines cross at the midline, between the arches). */
export const PALMER_SYMBOLS: Record<Quadrant, string> = { UR: '┘', UL: '└', LR: '┐', LL: '┌' };
/** Child teeth in Palmer notation, position 1 (central incisor) to 5 (second molar). */
export const PALMER_CHILD_LETTERS = ['A', 'B', 'C', 'D', 'E'] as const;

const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);
const quadrantTeeth = (quadrants: number[], count: number) => quadrants.flatMap((q) => range(q * 10 + 1, count));

/** Adult teeth: 11-18, 21-28, 31-38, 41-48. */
export const ADULT_TEETH: readonly number[] = Object.freeze(quadrantTeeth([1, 2, 3, 4], 8));
/** Child (deciduous) teeth: 51-55, 61-65, 71-75, 81-85. */
export const CHILD_TEETH: readonly number[] = Object.freeze(quadrantTeeth([5, 6, 7, 8], 5));
/** Every valid FDI number (52). */
export const ALL_TEETH: readonly number[] = Object.freeze([...ADULT_TEETH, ...CHILD_TEETH]);
const VALID = new Set(ALL_TEETH);

export const isValidTooth = (tooth: unknown): tooth is number => typeof tooth === 'number' && VALID.has(tooth);

function check(tooth: number) {
  if (!isValidTooth(tooth)) throw new RangeError(`${tooth} is not an FDI tooth number`);
}

/** 1-4 for adult teeth, 5-8 for child teeth. */
const fdiQuadrant = (tooth: number) => Math.floor(tooth / 10);
const QUADRANT_OF_DIGIT: Record<number, Quadrant> = { 1: 'UR', 2: 'UL', 3: 'LL', 4: 'LR', 5: 'UR', 6: 'UL', 7: 'LL', 8: 'LR' };
const DIGIT_OF_QUADRANT: Record<Dentition, Record<Quadrant, number>> = {
  adult: { UR: 1, UL: 2, LL: 3, LR: 4 },
  child: { UR: 5, UL: 6, LL: 7, LR: 8 },
};

export function quadrantOf(tooth: number): Quadrant {
  check(tooth);
  return QUADRANT_OF_DIGIT[fdiQuadrant(tooth)]!;
}
/** Position from the midline: 1 (central incisor) to 8 (third molar), 1-5 for a child. */
export function positionOf(tooth: number): number {
  check(tooth);
  return tooth % 10;
}
export function dentitionOf(tooth: number): Dentition {
  check(tooth);
  return fdiQuadrant(tooth) <= 4 ? 'adult' : 'child';
}
export function archOf(tooth: number): Arch {
  const q = quadrantOf(tooth);
  return q === 'UR' || q === 'UL' ? 'upper' : 'lower';
}
/** On the patient's right side (quadrants 1, 4, 5, 8): drawn on the viewer's left. */
export const isPatientRight = (tooth: number) => {
  const q = quadrantOf(tooth);
  return q === 'UR' || q === 'LR';
};
/** Incisors and canines (positions 1-3): their O surface is the incisal edge rather than an occlusal face. */
export const isAnterior = (tooth: number) => positionOf(tooth) <= 3;

/** The FDI number of a quadrant and position; null when there is no such tooth. */
export function fdiOf(quadrant: Quadrant, position: number, dentition: Dentition): number | null {
  const tooth = DIGIT_OF_QUADRANT[dentition][quadrant] * 10 + position;
  return Number.isInteger(position) && isValidTooth(tooth) ? tooth : null;
}

export interface PalmerTooth {
  quadrant: Quadrant;
  /** "1"-"8" for an adult tooth, "A"-"E" for a child tooth. */
  position: string;
}

export function fdiToPalmer(tooth: number): PalmerTooth {
  const position = positionOf(tooth);
  return {
    quadrant: quadrantOf(tooth),
    position: dentitionOf(tooth) === 'adult' ? String(position) : PALMER_CHILD_LETTERS[position - 1]!,
  };
}

/** Text form, quadrant code then position: 36 → "LL6", 55 → "URE". */
export function palmerCode(tooth: number): string {
  const p = fdiToPalmer(tooth);
  return `${p.quadrant}${p.position}`;
}

/**
 * Symbol form as charted: the number sits on the side of the corner the tooth is on, so right-side teeth read
 * "6┘" / "6┐" and left-side teeth "└6" / "┌6".
 */
export function palmerSymbol(tooth: number): string {
  const p = fdiToPalmer(tooth);
  const symbol = PALMER_SYMBOLS[p.quadrant];
  return p.quadrant === 'UR' || p.quadrant === 'LR' ? `${p.position}${symbol}` : `${symbol}${p.position}`;
}

const SYMBOL_QUADRANT = Object.fromEntries(Object.entries(PALMER_SYMBOLS).map(([q, s]) => [s, q as Quadrant]));

/**
 * The FDI number of a Palmer tooth, from its text form ("LL6", "ure", "UR 6"), its symbol form ("┌6", "6┘",
 * "E┐"; the symbol alone names the quadrant, so it may stand on either side) or a { quadrant, position }; null
 * when it names no tooth.
 */
export function palmerToFdi(palmer: string | PalmerTooth): number | null {
  let quadrant: Quadrant | undefined;
  let position: string;
  if (typeof palmer === 'string') {
    const text = palmer.replace(/\s+/g, '').toUpperCase();
    const coded = /^(UR|UL|LL|LR)([1-8A-E])$/.exec(text);
    const symbolFirst = /^([┘└┐┌])([1-8A-E])$/.exec(text);
    const symbolLast = /^([1-8A-E])([┘└┐┌])$/.exec(text);
    if (coded) [quadrant, position] = [coded[1] as Quadrant, coded[2]!];
    else if (symbolFirst) [quadrant, position] = [SYMBOL_QUADRANT[symbolFirst[1]!], symbolFirst[2]!];
    else if (symbolLast) [quadrant, position] = [SYMBOL_QUADRANT[symbolLast[2]!], symbolLast[1]!];
    else return null;
  } else {
    quadrant = palmer.quadrant;
    position = String(palmer.position).toUpperCase();
  }
  if (!quadrant || !(QUADRANTS as readonly string[]).includes(quadrant)) return null;
  if (/^[1-8]$/.test(position)) return fdiOf(quadrant, Number(position), 'adult');
  const letter = (PALMER_CHILD_LETTERS as readonly string[]).indexOf(position);
  return letter >= 0 ? fdiOf(quadrant, letter + 1, 'child') : null;
}

/** The label a user reads for a tooth in their numbering system: "36" (FDI) or "┌6" (Palmer symbol form). */
export function toothLabel(tooth: number, system: ToothNumbering): string {
  return system === 'Palmer' ? palmerSymbol(tooth) : String(tooth);
}
/** A label for screen readers and text: "36" (FDI) or "LL6" (Palmer text form). */
export function toothCode(tooth: number, system: ToothNumbering): string {
  return system === 'Palmer' ? palmerCode(tooth) : String(tooth);
}

/**
 * The chart rows as the dentist faces the patient: the patient's right on the viewer's left. Upper row
 * 18 … 11 | 21 … 28, lower row 48 … 41 | 31 … 38 (child: 55 … 51 | 61 … 65 and 85 … 81 | 71 … 75).
 */
export function chartRows(dentition: Dentition): { upper: number[]; lower: number[] } {
  const count = dentition === 'adult' ? 8 : 5;
  const d = DIGIT_OF_QUADRANT[dentition];
  const side = (q: Quadrant, towardsMidline: boolean) => {
    const teeth = range(d[q] * 10 + 1, count);
    return towardsMidline ? teeth.reverse() : teeth;
  };
  return {
    upper: [...side('UR', true), ...side('UL', false)],
    lower: [...side('LR', true), ...side('LL', false)],
  };
}

/**
 * The neighbour of a tooth along its arch in the chart's reading order (viewer's left to right); `step` -1 moves
 * left, +1 right. Null at either end.
 */
export function neighbourOnArch(tooth: number, step: -1 | 1): number | null {
  const rows = chartRows(dentitionOf(tooth));
  const row = archOf(tooth) === 'upper' ? rows.upper : rows.lower;
  return row[row.indexOf(tooth) + step] ?? null;
}

/** The tooth facing this one on the other arch (same quadrant side, same position): 16 ↔ 46, 21 ↔ 31. */
export function opposingTooth(tooth: number): number {
  check(tooth);
  const q = fdiQuadrant(tooth);
  const opposite: Record<number, number> = { 1: 4, 2: 3, 3: 2, 4: 1, 5: 8, 6: 7, 7: 6, 8: 5 };
  return opposite[q]! * 10 + (tooth % 10);
}
