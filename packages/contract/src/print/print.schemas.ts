import { z } from 'zod';
import { LANGUAGES } from '../enums.js';
import { id, optionalId, optionalText, requiredEnum, requiredText } from '../common/schemas.js';

/** The documents the app prints (spec §3 Print settings); prescription and lab order are used by later modules. */
export const PRINT_DOCUMENT_TYPES = ['invoice', 'receipt', 'treatment_plan', 'statement', 'prescription', 'lab_order'] as const;
export type PrintDocumentType = (typeof PRINT_DOCUMENT_TYPES)[number];

/** A4, A5, or a receipt printer's 80 mm roll. */
export const PRINT_PAGE_SIZES = ['A4', 'A5', '80mm'] as const;
export type PrintPageSize = (typeof PRINT_PAGE_SIZES)[number];

/** The document's language: a fixed one, or 'patient' (the patient's own language, else the user's). */
export const PRINT_LANGUAGES = [...LANGUAGES, 'patient'] as const;
export type PrintLanguage = (typeof PRINT_LANGUAGES)[number];

/** Bounds of the numbers (millimetres, points). */
export const PRINT_LIMITS = {
  marginMin: 0, marginMax: 50, fontSizeMin: 6, fontSizeMax: 24, titleFontSizeMin: 8, titleFontSizeMax: 40,
  headerMax: 1000, footerMax: 1000, nameMax: 100,
} as const;

/**
 * What a printed document shows (docs/print.md "Show flags"). Each flag is optional on save and defaults as below;
 * a flag that does not apply to a document type (teeth on a receipt) is ignored by that document.
 */
export const PRINT_SHOW_DEFAULTS = {
  /** The clinic's logo in the header. */
  logo: true,
  /** The clinic's name in the header. */
  clinicName: true,
  /** The clinic's / branch's phone numbers and e-mail. */
  clinicContacts: true,
  /** The branch's address. */
  branchAddress: true,
  /** The VAT (tax) number and the commercial registration number. */
  taxNumbers: true,
  /** The patient's name, code, mobile (and national id where the document relies on it). */
  patientDetails: true,
  /** The doctor's name on each procedure line. */
  doctor: true,
  /** Teeth and surfaces on procedure lines. */
  teeth: true,
  /** The ZATCA QR code (Saudi clinics' invoices) or the document's QR. */
  qrCode: true,
  /** A line for a signature at the end. */
  signatureLine: false,
  /** The footer text. */
  footer: true,
  /** "Page 1 of 2". */
  pageNumbers: true,
} as const satisfies Record<string, boolean>;
export type PrintShowFlag = keyof typeof PRINT_SHOW_DEFAULTS;
export const PRINT_SHOW_FLAGS = Object.keys(PRINT_SHOW_DEFAULTS) as PrintShowFlag[];
export type PrintShow = Record<PrintShowFlag, boolean>;

const flag = (dflt: boolean) => z.boolean({ error: 'field_invalid' }).default(dflt);
/** The show flags on save: every flag optional (its default), unknown flags refused. */
export const printShow = z
  .strictObject(
    Object.fromEntries(PRINT_SHOW_FLAGS.map((k) => [k, flag(PRINT_SHOW_DEFAULTS[k])])) as Record<
      PrintShowFlag,
      ReturnType<typeof flag>
    >,
    { error: 'field_invalid' },
  )
  .default({ ...PRINT_SHOW_DEFAULTS });

/** A whole number in [min, max], or its digits as text (a form field); true, null, '' or 1.5 are refused, absent is `dflt`. */
const bounded = (min: number, max: number, dflt: number) =>
  z
    .preprocess(
      (v) => (typeof v === 'string' && /^\s*-?\d+\s*$/.test(v) ? Number(v) : v),
      z.number({ error: 'field_invalid' }).int('field_invalid').min(min, 'field_invalid').max(max, 'field_invalid'),
    )
    .default(dflt);
const margin = (dflt: number) => bounded(PRINT_LIMITS.marginMin, PRINT_LIMITS.marginMax, dflt);

/** One print settings row as read; `id` is null (and `builtIn` true) for the built-in default of a type. */
export const printSettingsItem = z.object({
  id: z.number().nullable(),
  name: z.string(),
  documentType: z.enum(PRINT_DOCUMENT_TYPES),
  pageSize: z.enum(PRINT_PAGE_SIZES),
  marginTop: z.number(),
  marginRight: z.number(),
  marginBottom: z.number(),
  marginLeft: z.number(),
  fontSize: z.number(),
  titleFontSize: z.number(),
  headerText: z.string().nullable(),
  footerText: z.string().nullable(),
  language: z.enum(PRINT_LANGUAGES),
  show: z.object(
    Object.fromEntries(PRINT_SHOW_FLAGS.map((k) => [k, z.boolean()])) as Record<PrintShowFlag, z.ZodBoolean>,
  ),
  isDefault: z.boolean(),
  builtIn: z.boolean(),
});
export type PrintSettingsItem = z.infer<typeof printSettingsItem>;

/**
 * The settings a document type prints with when the clinic saved none (a new clinic prints well without setup):
 * A4 for invoices, statements, treatment plans and lab orders, A5 for prescriptions, 80 mm for receipts (no logo,
 * teeth or page numbers on a roll). Language 'patient'.
 */
export function builtInPrintSettings(documentType: PrintDocumentType): PrintSettingsItem {
  const roll = documentType === 'receipt';
  const a5 = documentType === 'prescription';
  return {
    id: null,
    name: '',
    documentType,
    pageSize: roll ? '80mm' : a5 ? 'A5' : 'A4',
    marginTop: roll ? 3 : a5 ? 10 : 15,
    marginRight: roll ? 3 : a5 ? 10 : 15,
    marginBottom: roll ? 3 : a5 ? 10 : 15,
    marginLeft: roll ? 3 : a5 ? 10 : 15,
    fontSize: roll ? 9 : 11,
    titleFontSize: roll ? 12 : 16,
    headerText: null,
    footerText: null,
    language: 'patient',
    show: {
      ...PRINT_SHOW_DEFAULTS,
      ...(roll ? { logo: false, teeth: false, doctor: false, pageNumbers: false, qrCode: true } : {}),
      ...(documentType === 'invoice' ? { signatureLine: false } : {}),
      ...(documentType === 'prescription' || documentType === 'lab_order' ? { signatureLine: true, qrCode: false } : {}),
    },
    isDefault: true,
    builtIn: true,
  };
}

/** Print/GetPrintSettingsList: the clinic's settings, optionally of one document type, by type then name. */
export const printSettingsListInput = z.object({
  documentType: z.enum(PRINT_DOCUMENT_TYPES, { error: 'field_invalid' }).optional(),
});
export const printSettingsListOutput = z.object({ items: z.array(printSettingsItem) });

/** Print/GetDefaultPrintTypeSettings: the type's default, or the built-in one. */
export const defaultPrintSettingsInput = z.object({ documentType: requiredEnum(PRINT_DOCUMENT_TYPES) });

/**
 * Print/SavePrintSettings: creates (no id) or replaces one row. The name is unique per document type (ignoring case);
 * `isDefault: true` makes it the type's default and unsets the previous one; the document type of a saved row does
 * not change (a different type is refused as print_settings_type_fixed).
 */
export const savePrintSettingsInput = z.object({
  id: optionalId,
  name: requiredText(PRINT_LIMITS.nameMax),
  documentType: requiredEnum(PRINT_DOCUMENT_TYPES),
  pageSize: requiredEnum(PRINT_PAGE_SIZES).default('A4'),
  marginTop: margin(15),
  marginRight: margin(15),
  marginBottom: margin(15),
  marginLeft: margin(15),
  fontSize: bounded(PRINT_LIMITS.fontSizeMin, PRINT_LIMITS.fontSizeMax, 11),
  titleFontSize: bounded(PRINT_LIMITS.titleFontSizeMin, PRINT_LIMITS.titleFontSizeMax, 16),
  headerText: optionalText(PRINT_LIMITS.headerMax),
  footerText: optionalText(PRINT_LIMITS.footerMax),
  language: requiredEnum(PRINT_LANGUAGES).default('patient'),
  show: printShow,
  isDefault: z.boolean({ error: 'field_invalid' }).default(false),
});
export type SavePrintSettingsInput = z.output<typeof savePrintSettingsInput>;

export const deletePrintSettingsInput = z.object({ id });

/**
 * Print/GetPrintLetterhead: what a printed document's header shows, for any user of the clinic (a secretary without
 * `clinic_show` prints too): the clinic's display name, logo, address, phone, VAT and CR numbers, and the caller's
 * working branch's name and mobile (null without a working branch).
 */
export const printLetterheadInput = z.object({});
export const printLetterheadOutput = z.object({
  clinicName: z.string(),
  logoUrl: z.string().nullable(),
  address: z.string().nullable(),
  mobile: z.string().nullable(),
  taxNo: z.string().nullable(),
  commercialRegistrationNo: z.string().nullable(),
});
export type PrintLetterhead = z.infer<typeof printLetterheadOutput>;
