import type { Language, PrintPageSize } from '@dental/contract';
import type { TextAlign } from './text.js';

/** The page as print settings give it: size, margins in millimetres, font sizes in points. */
export interface PdfPageSettings {
  pageSize: PrintPageSize;
  marginTop: number;
  marginRight: number;
  marginBottom: number;
  marginLeft: number;
  fontSize: number;
  titleFontSize: number;
}

export interface PdfColumn {
  title: string;
  /** Share of the table's width (relative to the other columns). */
  weight: number;
  /** `end` for amounts (left in Arabic, right in English and French). */
  align?: TextAlign;
}

/** What a document holds after its header, top to bottom. */
export type PdfBlock =
  /** Label: value pairs, two to a row on a wide page. */
  | { kind: 'fields'; rows: Array<{ label: string; value: string }> }
  /** A table: header row repeated on each new page, long cells wrapped. */
  | { kind: 'table'; columns: PdfColumn[]; rows: string[][] }
  /** Totals at the end side of the page; `strong` rows in bold. */
  | { kind: 'totals'; rows: Array<{ label: string; value: string; strong?: boolean }> }
  | { kind: 'paragraph'; text: string; strong?: boolean }
  /** A QR code of `text` (e.g. the ZATCA TLV), drawn locally. */
  | { kind: 'qr'; text: string }
  | { kind: 'signature'; label: string };

/**
 * A printable document, already in its language and filtered by its print settings' show flags: the renderer draws
 * what it is given. Direction follows the language (Arabic right to left).
 */
export interface PdfDocumentModel {
  language: Language;
  page: PdfPageSettings;
  header: {
    /** PNG or JPEG bytes of the clinic's logo. */
    logo?: Buffer | null;
    name?: string | null;
    /** Address, phones, tax numbers, the settings' header text: one line each. */
    lines: string[];
  };
  title: string;
  blocks: PdfBlock[];
  footer?: string | null;
  /** "Page 1 of 2" in the document's language; absent: no page numbers. */
  pageNumber?: ((page: number, pages: number) => string) | null;
  /** The PDF's own title (document properties). */
  documentTitle: string;
}
