import type { PdfBlock, PdfColumn } from './model.js';
import { type Frame, ensureRoom, frameWidth, rule } from './frame.js';
import { qrPng } from './qr.js';

const PAD = 3;

/** Label: value pairs; two pairs to a row on a page wider than a receipt roll. */
function fields(f: Frame, rows: Array<{ label: string; value: string }>) {
  const perRow = frameWidth(f) > 300 ? 2 : 1;
  const cell = frameWidth(f) / perRow;
  const labelWidth = cell * (perRow === 1 ? 0.4 : 0.38);
  for (let i = 0; i < rows.length; i += perRow) {
    const pairs = rows.slice(i, i + perRow);
    const height = Math.max(
      ...pairs.map((p) =>
        Math.max(f.text.blockHeight(p.label, labelWidth - PAD, f.strong), f.text.blockHeight(p.value, cell - labelWidth - PAD, f.body)),
      ),
    );
    ensureRoom(f, height);
    pairs.forEach((p, n) => {
      // cell n counts from the start side: the right in Arabic
      const cellX = f.rtl ? f.right - (n + 1) * cell : f.left + n * cell;
      const labelX = f.rtl ? cellX + cell - labelWidth : cellX;
      const valueX = f.rtl ? cellX : cellX + labelWidth;
      f.text.drawBlock(p.label, labelX, f.y, labelWidth - PAD, 'start', f.strong);
      f.text.drawBlock(p.value, valueX, f.y, cell - labelWidth - PAD, 'start', f.body);
    });
    f.y += height + 2;
  }
  f.y += 4;
}

/** Columns laid out from the start side; the header row is drawn again at the top of each new page. */
function table(f: Frame, columns: PdfColumn[], rows: string[][]) {
  const total = columns.reduce((s, c) => s + c.weight, 0);
  const widths = columns.map((c) => (frameWidth(f) * c.weight) / total);
  const xs: number[] = [];
  let edge = 0;
  for (const w of widths) {
    xs.push(f.rtl ? f.right - edge - w : f.left + edge);
    edge += w;
  }
  const rowHeight = (cells: string[], style = f.body) =>
    Math.max(...cells.map((c, i) => f.text.blockHeight(c, widths[i]! - 2 * PAD, style))) + 2 * PAD;
  const drawRow = (cells: string[], style = f.body) => {
    cells.forEach((c, i) => f.text.drawBlock(c, xs[i]! + PAD, f.y + PAD, widths[i]! - 2 * PAD, columns[i]!.align ?? 'start', style));
  };
  const header = () => {
    const titles = columns.map((c) => c.title);
    const height = rowHeight(titles, f.strong);
    f.doc.save().rect(f.left, f.y, frameWidth(f), height).fill('#eeeeee').restore();
    drawRow(titles, f.strong);
    f.y += height;
    rule(f, f.left, f.right, f.y, '#555555');
  };
  ensureRoom(f, rowHeight(columns.map((c) => c.title), f.strong) + (rows[0] ? rowHeight(rows[0]) : 0));
  header();
  for (const row of rows) {
    const height = rowHeight(row);
    if (ensureRoom(f, height)) header();
    drawRow(row);
    f.y += height;
    rule(f, f.left, f.right, f.y, '#cccccc');
  }
  f.y += 8;
}

/** Totals at the end side (the left in Arabic): label at the block's start, amount at its end. */
function totals(f: Frame, rows: Array<{ label: string; value: string; strong?: boolean }>) {
  const width = Math.min(frameWidth(f), Math.max(200, frameWidth(f) * 0.5));
  const x = f.rtl ? f.left : f.right - width;
  for (const row of rows) {
    const style = row.strong ? f.strong : f.body;
    const valueWidth = Math.min(width * 0.45, f.text.width(row.value, style) + PAD);
    const labelWidth = width - valueWidth - PAD;
    const height = Math.max(f.text.blockHeight(row.label, labelWidth, style), f.text.lineHeight(style)) + 2;
    ensureRoom(f, height);
    const labelX = f.rtl ? x + width - labelWidth : x;
    const valueX = f.rtl ? x : x + width - valueWidth;
    f.text.drawBlock(row.label, labelX, f.y, labelWidth, 'start', style);
    f.text.drawLine(row.value, valueX, f.y, valueWidth, 'end', style);
    f.y += height;
    if (row.strong) rule(f, x, x + width, f.y - 1, '#555555');
  }
  f.y += 8;
}

async function qr(f: Frame, text: string) {
  const size = Math.min(100, frameWidth(f) * 0.6);
  ensureRoom(f, size);
  const roll = frameWidth(f) <= 300;
  const x = roll ? f.left + (frameWidth(f) - size) / 2 : f.rtl ? f.left : f.right - size;
  f.doc.image(await qrPng(text), x, f.y, { width: size, height: size });
  f.y += size + 8;
}

function signature(f: Frame, label: string) {
  const height = 40 + f.text.lineHeight(f.small);
  ensureRoom(f, height);
  const width = Math.min(200, frameWidth(f));
  const x = f.rtl ? f.left : f.right - width;
  rule(f, x, x + width, f.y + 34, '#333333');
  f.text.drawLine(label, x, f.y + 37, width, 'center', f.small);
  f.y += height;
}

export async function drawBlock(f: Frame, block: PdfBlock) {
  switch (block.kind) {
    case 'fields':
      return fields(f, block.rows);
    case 'table':
      return table(f, block.columns, block.rows);
    case 'totals':
      return totals(f, block.rows);
    case 'paragraph': {
      const style = block.strong ? f.strong : f.body;
      ensureRoom(f, f.text.lineHeight(style));
      f.y += f.text.drawBlock(block.text, f.left, f.y, frameWidth(f), 'start', style) + 6;
      return;
    }
    case 'qr':
      return qr(f, block.text);
    case 'signature':
      return signature(f, block.label);
  }
}
