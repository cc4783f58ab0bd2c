import bidiFactory from 'bidi-js';

const bidi = bidiFactory();

export type TextDirection = 'rtl' | 'ltr';

/** One piece of a line that is drawn in one direction: `text` is ready to hand to the font (see `visualRuns`). */
export interface VisualRun {
  text: string;
  /** The run's index in logical order (the order it is written to the PDF, so text extraction reads it in order). */
  logicalIndex: number;
}

/** Characters of the right-to-left scripts: fontkit lays a run that contains one out right to left (reversed). */
export const RTL_SCRIPT = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;

/**
 * Splits one line (no line breaks) into runs in visual order, left to right, with the Unicode bidirectional algorithm
 * (bidi-js): Arabic with digits, Latin and punctuation is ordered as a reader expects ("رقم 12" shows 12 to the left
 * of رقم, "115.00" keeps its digit order). Each run is drawn as one piece of text; the font shapes it (fontkit joins
 * the Arabic letters through the font's OpenType tables) and fontkit itself reverses a run in a right-to-left script.
 * So a run's text is given in logical order when fontkit will reverse it exactly when it should, and reversed here
 * (with mirrored brackets) in the other cases: a right-to-left run of neutrals only ("(", " - ") and a left-to-right
 * run of Arabic-Indic digits (which fontkit counts as Arabic).
 */
export function visualRuns(line: string, direction: TextDirection): VisualRun[] {
  if (!line) return [];
  const levels = bidi.getEmbeddingLevels(line, direction);
  const order = bidi.getReorderedIndices(line, levels);
  const mirrored = bidi.getMirroredCharactersMap(line, levels.levels);
  const levelAt = (i: number) => levels.levels[i]!;
  // visual positions grouped into runs of one level whose logical indices are consecutive
  const groups: number[][] = [];
  for (const index of order) {
    const current = groups.at(-1);
    const last = current?.at(-1);
    const step = levelAt(index) % 2 ? -1 : 1;
    if (current && last !== undefined && levelAt(last) === levelAt(index) && index - last === step) current.push(index);
    else groups.push([index]);
  }
  const byLogical = [...groups].sort((a, b) => Math.min(...a) - Math.min(...b));
  return groups.map((indices) => {
    const rtl = levelAt(indices[0]!) % 2 === 1;
    const logical = [...indices].sort((a, b) => a - b);
    const text = logical.map((i) => (rtl ? (mirrored.get(i) ?? line[i]!) : line[i]!)).join('');
    const fontReverses = RTL_SCRIPT.test(text);
    return {
      text: fontReverses === rtl ? text : [...text].reverse().join(''),
      logicalIndex: byLogical.indexOf(indices),
    };
  });
}
