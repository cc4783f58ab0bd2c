import type {} from 'pdfkit';
import type { TextWriter, TextStyle } from './text.js';

/** Where a document is being drawn: the writer, the content box of a page (points) and the current line. */
export interface Frame {
  doc: PDFKit.PDFDocument;
  text: TextWriter;
  rtl: boolean;
  left: number;
  right: number;
  top: number;
  /** The lowest y content may reach (above the footer). */
  bottom: number;
  y: number;
  body: TextStyle;
  small: TextStyle;
  strong: TextStyle;
}

export const frameWidth = (f: Frame) => f.right - f.left;

/** Starts a new page when `height` more does not fit on this one; answers whether it did. */
export function ensureRoom(f: Frame, height: number) {
  if (f.y + height <= f.bottom || f.y === f.top) return false;
  f.doc.addPage();
  f.y = f.top;
  return true;
}

/** A thin rule across [x1, x2] at y. */
export function rule(f: Frame, x1: number, x2: number, y: number, color = '#9a9a9a') {
  f.doc.save().moveTo(x1, y).lineTo(x2, y).lineWidth(0.6).strokeColor(color).stroke().restore();
}
