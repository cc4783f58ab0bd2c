import { inflateSync } from 'node:zlib';

/** One piece of text as pdf.js reads it from a page: its string (in logical order) and where it starts. */
export interface PdfTextItem {
  page: number;
  text: string;
  x: number;
  y: number;
}

/**
 * The text of a PDF as pdf.js (pdfjs-dist, in-process: no system tool) extracts it, per page, in content-stream order.
 * pdf.js maps each glyph back to its characters through the font's ToUnicode map and reverses a right-to-left piece
 * into logical order, as a reader's copy and search do.
 */
export async function pdfTextItems(pdf: Buffer): Promise<PdfTextItem[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, isEvalSupported: false }).promise;
  const items: PdfTextItem[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    for (const item of content.items) {
      if (!('str' in item) || !item.str.trim()) continue;
      items.push({ page: n, text: item.str, x: item.transform[4] as number, y: item.transform[5] as number });
    }
  }
  await doc.destroy();
  return items;
}

/** The text's lines (items of one baseline joined by a space, whitespace collapsed), page after page. */
export async function pdfTextLines(pdf: Buffer): Promise<string[]> {
  const lines = new Map<string, string[]>();
  for (const item of await pdfTextItems(pdf)) {
    const key = `${item.page}:${Math.round(item.y)}`;
    lines.set(key, [...(lines.get(key) ?? []), item.text]);
  }
  return [...lines.values()].map((parts) => parts.join(' ').replace(/\s+/g, ' ').trim());
}

/**
 * How many different glyphs of the embedded fonts stand for each character (read from the ToUnicode maps). Shaped
 * Arabic draws a letter in its initial, medial, final or isolated form, each its own glyph: a letter met in several
 * positions maps from several glyphs; unshaped text would use one glyph per letter.
 */
export function glyphsPerCharacter(pdf: Buffer): Map<string, number> {
  const counts = new Map<string, number>();
  const raw = pdf.toString('latin1');
  for (const match of raw.matchAll(/stream\r?\n/g)) {
    const start = match.index! + match[0].length;
    const end = raw.indexOf('endstream', start);
    let text: string;
    try {
      text = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue;
    }
    if (!text.includes('beginbfrange')) continue;
    for (const range of text.matchAll(/<([0-9a-f]+)> <([0-9a-f]+)> \[([^\]]*)\]/gi)) {
      for (const entry of range[3]!.matchAll(/<([0-9a-f ]*)>/gi)) {
        const units = entry[1]!.trim().split(/\s+/).filter(Boolean).map((h) => parseInt(h, 16));
        const chars = String.fromCharCode(...units);
        counts.set(chars, (counts.get(chars) ?? 0) + 1);
      }
    }
  }
  return counts;
}
