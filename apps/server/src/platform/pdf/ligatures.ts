import type {} from 'pdfkit';
import { RTL_SCRIPT } from './bidi.js';

interface EmbeddedFontInternals {
  /** PDFKit's glyph id -> the code points its ToUnicode map gives that glyph (the first text it was laid out for). */
  unicode?: number[][];
}

/**
 * Makes the text of Arabic ligatures extract in reading order. A ligature glyph (lam-alef "لا", "ضر" in IBM Plex) maps
 * to its letters in logical order; a right-to-left run is drawn in visual order, and text extractors (pdf.js,
 * poppler's pdftotext) reverse the run character by character, which would turn "لا" into "ال". So the mapping of a
 * ligature made only of right-to-left letters is stored reversed, and the reversal restores it. Call before `end()`
 * (the ToUnicode maps are written then). It reads PDFKit's embedded fonts (`_fontFamilies`), checked by the
 * extraction test (render.test.ts) on every PDFKit upgrade.
 */
export function readableLigatures(doc: PDFKit.PDFDocument) {
  const families = (doc as unknown as { _fontFamilies: Record<string, EmbeddedFontInternals> })._fontFamilies;
  for (const font of new Set(Object.values(families))) {
    font.unicode?.forEach((codePoints, gid) => {
      if (codePoints.length > 1 && codePoints.every((c) => RTL_SCRIPT.test(String.fromCodePoint(c))))
        font.unicode![gid] = [...codePoints].reverse();
    });
  }
}
