import {
  LANGUAGES,
  type Language,
  PRINT_DOCUMENT_TYPES,
  PRINT_SHOW_DEFAULTS,
  type PrintDocumentType,
  type PrintPageSize,
  type PrintSettingsItem,
  type PrintShowFlag,
  type SavePrintSettingsInput,
  builtInPrintSettings,
  isRtl,
} from '@dental/contract';

/**
 * The shared print layout's model (no React): page sizes, the settings a printed document needs, the fallback used
 * while a clinic's settings load (or when a document type has none), and the CSS of the printed page.
 */

export type PageSize = PrintPageSize;

/** Width and height of each page in millimetres; the 80 mm roll is printed as a long page the printer cuts. */
export const PAGE_MM: Record<PageSize, { width: number; height: number }> = {
  A4: { width: 210, height: 297 },
  A5: { width: 148, height: 210 },
  '80mm': { width: 80, height: 297 },
};

/** The header, footer and content flags of a print setting (the contract's, with its defaults). */
export type ShowFlag = PrintShowFlag;

/** What the layout reads of a print setting (GetDefaultPrintTypeSettings / GetPrintSettings). */
export interface PrintLayoutSettings {
  pageSize: PageSize;
  marginTop: number;
  marginRight: number;
  marginBottom: number;
  marginLeft: number;
  /** Points. */
  fontSize: number;
  titleFontSize: number;
  headerText: string | null;
  footerText: string | null;
  /** ar, en, fr, or 'patient' (the patient's language). */
  language: string;
  /** A flag the setting does not name keeps the contract's default (PRINT_SHOW_DEFAULTS). */
  show: Partial<Record<string, boolean>>;
}

/** What the clinic prints at the top: its name, logo, the branch's address and phones, tax details. */
export interface Letterhead {
  clinicName: string;
  logoUrl: string | null;
  branchName: string | null;
  branchAddress: string | null;
  phones: string[];
  taxNo: string | null;
  commercialRegistrationNo: string | null;
}

/** Used until the clinic's settings arrive (the type's built-in settings are used where the type is known). */
export const FALLBACK_SETTINGS: PrintLayoutSettings = {
  pageSize: 'A4',
  marginTop: 15,
  marginRight: 15,
  marginBottom: 15,
  marginLeft: 15,
  fontSize: 11,
  titleFontSize: 16,
  headerText: null,
  footerText: null,
  language: 'ar',
  show: {},
};

/** Whether a show flag is on (a flag the setting does not mention keeps its default). */
export const shows = (settings: PrintLayoutSettings, flag: ShowFlag): boolean =>
  settings.show[flag] ?? PRINT_SHOW_DEFAULTS[flag];

/** The settings a document prints with before (or without) the clinic's: the type's built-in ones. */
export const fallbackSettings = (type: string): PrintLayoutSettings =>
  (PRINT_DOCUMENT_TYPES as readonly string[]).includes(type)
    ? builtInPrintSettings(type as PrintDocumentType)
    : FALLBACK_SETTINGS;

const isLanguage = (v: unknown): v is Language => (LANGUAGES as readonly unknown[]).includes(v);

/**
 * The language a document prints in: the setting's, or for 'patient' the patient's language when known; anything
 * else (an unknown value, a patient without a language) prints in the UI language.
 */
export function documentLanguage(setting: string, uiLanguage: Language, patientLanguage?: string | null): Language {
  if (setting === 'patient') return isLanguage(patientLanguage) ? patientLanguage : uiLanguage;
  return isLanguage(setting) ? setting : uiLanguage;
}

export const documentDirection = (lang: Language): 'rtl' | 'ltr' => (isRtl(lang) ? 'rtl' : 'ltr');

/** A text as a CSS string literal (quotes, backslashes and line breaks escaped). */
export const cssString = (text: string): string =>
  `"${[...text.replace(/[\\"]/g, (c) => `\\${c}`)].map((c) => (c < ' ' || c === '\u007f' ? ' ' : c)).join('')}"`;

const clampMm = (v: number) => (Number.isFinite(v) ? Math.min(50, Math.max(0, Math.round(v))) : 0);

/**
 * The @page rule of a printed document: its size and margins in millimetres; with page numbers, a "page / pages"
 * counter in the bottom margin (the bottom margin then keeps at least 10 mm for it).
 */
export function pageCss(settings: PrintLayoutSettings, pageLabel: string): string {
  const { width, height } = PAGE_MM[settings.pageSize] ?? PAGE_MM.A4;
  const numbers = shows(settings, 'pageNumbers');
  const bottom = numbers ? Math.max(10, clampMm(settings.marginBottom)) : clampMm(settings.marginBottom);
  const margins = `${clampMm(settings.marginTop)}mm ${clampMm(settings.marginRight)}mm ${bottom}mm ${clampMm(settings.marginLeft)}mm`;
  const counter = numbers
    ? ` @bottom-center { content: ${cssString(`${pageLabel} `)} counter(page) " / " counter(pages); font-size: 8pt; color: #444; }`
    : '';
  return `@page { size: ${width}mm ${height}mm; margin: ${margins};${counter} }`;
}

/** A saved row as SavePrintSettings takes it back (to change one thing, e.g. make it the default). */
export function saveInputOf(item: PrintSettingsItem): SavePrintSettingsInput {
  const { builtIn: _builtIn, id, ...rest } = item;
  return { ...rest, id: id ?? undefined };
}
