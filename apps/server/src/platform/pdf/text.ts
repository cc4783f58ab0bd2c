import type {} from 'pdfkit';
import { type TextDirection, visualRuns } from './bidi.js';
import { PDF_FONT } from './fonts.js';

export interface TextStyle {
  size: number;
  weight?: 'regular' | 'bold';
  color?: string;
}
/** Where a line sits in its box: `start` is the right edge in a right-to-left document, the left edge otherwise. */
export type TextAlign = 'start' | 'end' | 'center';

/**
 * An empty feature list makes PDFKit hand the whole run to fontkit at once (without it PDFKit shapes word by word and
 * puts the words left to right); fontkit still applies the font's default features (init, medi, fina, liga, ...).
 */
const WHOLE_RUN = { features: [] as PDFKit.Mixins.OpenTypeFeatures[], lineBreak: false } as const;

/**
 * Writes text on a PDFKit page in the document's direction: measures, wraps to a width and draws lines whose runs are
 * ordered by the bidirectional algorithm (bidi.ts). Lines are placed by the caller (x, y, width) so that tables and
 * blocks can lay out right to left.
 */
export class TextWriter {
  constructor(
    private readonly doc: PDFKit.PDFDocument,
    readonly direction: TextDirection,
  ) {}

  /**
   * Bold is the regular face filled and stroked (a thin outline): IBM Plex Sans Arabic Bold spaces some letter pairs
   * (after ر, the ضر ligature) wider than text extractors take for a letter gap, so "ضريبة" would be copied as
   * "ضر يبة"; the regular face's spacing stays under that (docs/print-pdf.md).
   */
  private use(style: TextStyle) {
    const color = style.color ?? '#111111';
    this.doc.font(PDF_FONT).fontSize(style.size).fillColor(color);
    this.bold = style.weight === 'bold';
    if (this.bold) this.doc.lineWidth(style.size * 0.045).strokeColor(color);
  }
  private bold = false;

  /** The height a line of this style takes (the font's ascent to descent plus a little air). */
  lineHeight(style: TextStyle) {
    this.use(style);
    return this.doc.currentLineHeight(true) * 1.05;
  }

  width(text: string, style: TextStyle) {
    this.use(style);
    return visualRuns(text, this.direction).reduce((sum, run) => sum + this.doc.widthOfString(run.text, WHOLE_RUN), 0);
  }

  /** The text's lines at this width: its own line breaks, then words; a word longer than a line is cut. */
  wrap(text: string, maxWidth: number, style: TextStyle): string[] {
    const lines: string[] = [];
    for (const paragraph of text.split(/\r?\n/)) {
      let line = '';
      for (const word of paragraph.split(/\s+/).filter(Boolean)) {
        const candidate = line ? `${line} ${word}` : word;
        if (this.width(candidate, style) <= maxWidth) {
          line = candidate;
          continue;
        }
        if (line) lines.push(line);
        line = '';
        let rest = word;
        while (this.width(rest, style) > maxWidth) {
          const chars = [...rest];
          let n = chars.length - 1;
          while (n > 1 && this.width(chars.slice(0, n).join(''), style) > maxWidth) n--;
          lines.push(chars.slice(0, n).join(''));
          rest = chars.slice(n).join('');
        }
        line = rest;
      }
      lines.push(line);
    }
    return lines;
  }

  /** Draws one line in the box [x, x + width] at y (its top), aligned in the document's direction. */
  drawLine(text: string, x: number, y: number, width: number, align: TextAlign, style: TextStyle) {
    const runs = visualRuns(text, this.direction);
    this.use(style);
    const widths = runs.map((run) => this.doc.widthOfString(run.text, WHOLE_RUN));
    const total = widths.reduce((a, b) => a + b, 0);
    const right = (align === 'start') === (this.direction === 'rtl');
    let left = align === 'center' ? x + (width - total) / 2 : right ? x + width - total : x;
    const placed = runs.map((run, i) => {
      const at = left;
      left += widths[i]!;
      return { run, at };
    });
    // written in logical order, so a reader that follows the content stream (copy, search) meets the words in order
    for (const { run, at } of placed.sort((a, b) => a.run.logicalIndex - b.run.logicalIndex))
      this.doc.text(run.text, at, y, this.bold ? { ...WHOLE_RUN, fill: true, stroke: true } : WHOLE_RUN);
  }

  /** Wraps and draws a text in the box; answers the height it took. */
  drawBlock(text: string, x: number, y: number, width: number, align: TextAlign, style: TextStyle) {
    const lineHeight = this.lineHeight(style);
    const lines = this.wrap(text, width, style);
    lines.forEach((line, i) => this.drawLine(line, x, y + i * lineHeight, width, align, style));
    return lines.length * lineHeight;
  }

  /** The height `drawBlock` would take. */
  blockHeight(text: string, width: number, style: TextStyle) {
    return this.wrap(text, width, style).length * this.lineHeight(style);
  }
}
