import type { PrintPageSize } from '@dental/contract';
import PDFDocument from 'pdfkit';
import { drawBlock } from './blocks.js';
import { type Frame, frameWidth, rule } from './frame.js';
import { readableLigatures } from './ligatures.js';
import type { PdfDocumentModel } from './model.js';
import { TextWriter } from './text.js';

const MM = 72 / 25.4;
/** Page width and height in points; a receipt roll's height is the content's (see renderPdf). */
const PAGE_POINTS: Record<PrintPageSize, [number, number]> = {
  A4: [595.28, 841.89],
  A5: [419.53, 595.28],
  '80mm': [80 * MM, 2000 * MM],
};
const LOGO = 56;

function header(f: Frame, model: PdfDocumentModel) {
  const { logo, name, lines } = model.header;
  const top = f.y;
  const logoSize = logo ? Math.min(LOGO, frameWidth(f) * 0.3) : 0;
  if (logo) f.doc.image(logo, f.rtl ? f.right - logoSize : f.left, top, { fit: [logoSize, logoSize] });
  const textWidth = frameWidth(f) - (logo ? logoSize + 8 : 0);
  const textX = f.rtl || !logo ? f.left : f.left + logoSize + 8;
  let y = top;
  const nameStyle = { ...f.strong, size: f.body.size + 3 };
  if (name) y += f.text.drawBlock(name, textX, y, textWidth, 'start', nameStyle);
  for (const line of lines) y += f.text.drawBlock(line, textX, y, textWidth, 'start', f.small);
  f.y = Math.max(y, top + logoSize) + 4;
  if (logo || name || lines.length) {
    rule(f, f.left, f.right, f.y);
    f.y += 8;
  }
}

function title(f: Frame, model: PdfDocumentModel, size: number) {
  const style = { ...f.strong, size };
  f.y += f.text.drawBlock(model.title, f.left, f.y, frameWidth(f), 'center', style) + 8;
}

/** The footer text and page numbers, on every page once all pages exist ("Page 1 of 3"). */
function footers(f: Frame, model: PdfDocumentModel, footerTop: number) {
  const { start, count } = f.doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    f.doc.switchToPage(i);
    f.doc.page.margins.bottom = 0;
    let y = footerTop;
    if (model.footer) {
      rule(f, f.left, f.right, y - 3);
      y += f.text.drawBlock(model.footer, f.left, y, frameWidth(f), 'center', f.small);
    }
    if (model.pageNumber) f.text.drawLine(model.pageNumber(i - start + 1, count), f.left, y, frameWidth(f), 'end', f.small);
  }
}

async function draw(model: PdfDocumentModel, pageHeight: number) {
  const { page } = model;
  const [width] = PAGE_POINTS[page.pageSize];
  const margins = {
    top: page.marginTop * MM,
    right: page.marginRight * MM,
    bottom: page.marginBottom * MM,
    left: page.marginLeft * MM,
  };
  const doc = new PDFDocument({
    size: [width, pageHeight],
    margins,
    bufferPages: true,
    lang: model.language,
    displayTitle: true,
    info: { Title: model.documentTitle, Producer: 'Dentix', Creator: 'Dentix' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  const rtl = model.language === 'ar';
  const text = new TextWriter(doc, rtl ? 'rtl' : 'ltr');
  const body = { size: page.fontSize };
  const small = { size: Math.max(6, page.fontSize - 2), color: '#444444' };
  const footerLines = (model.footer ? 1 : 0) + (model.pageNumber ? 1 : 0);
  // the footer's own lines are measured at the page's width; the body stops above them
  const footerHeight =
    (model.footer ? text.blockHeight(model.footer, width - margins.left - margins.right, small) : 0) +
    (model.pageNumber ? text.lineHeight(small) : 0) +
    (footerLines ? 6 : 0);
  const frame: Frame = {
    doc,
    text,
    rtl,
    left: margins.left,
    right: width - margins.right,
    top: margins.top,
    bottom: pageHeight - margins.bottom - footerHeight,
    y: margins.top,
    body,
    small,
    strong: { ...body, weight: 'bold' },
  };
  header(frame, model);
  title(frame, model, page.titleFontSize);
  for (const block of model.blocks) await drawBlock(frame, block);
  const contentBottom = frame.y;
  const pages = doc.bufferedPageRange().count;
  footers(frame, model, pageHeight - margins.bottom - footerHeight + 6);
  readableLigatures(doc);
  doc.end();
  await ended;
  return { pdf: Buffer.concat(chunks), contentBottom, pages, footerHeight, margins };
}

/**
 * Renders a document to PDF bytes (PDFKit; Arabic shaped by fontkit from the font's OpenType tables, lines ordered by
 * the bidirectional algorithm: docs/print-pdf.md). A4 and A5 pages break where the content does; an 80 mm receipt is
 * one page as long as its content (drawn once to measure, then at that length).
 */
export async function renderPdf(model: PdfDocumentModel): Promise<Buffer> {
  const [, height] = PAGE_POINTS[model.page.pageSize];
  const first = await draw(model, height);
  if (model.page.pageSize !== '80mm' || first.pages > 1) return first.pdf;
  const length = first.contentBottom + first.footerHeight + first.margins.bottom + 4;
  return (await draw(model, Math.max(length, 100 * MM))).pdf;
}
