import {
  COUNTRIES,
  CURRENCIES,
  MARITAL_STATUSES,
  PATIENT_TYPES,
  PROCEDURE_STATUSES,
  REQUEST_STATUSES,
} from '../enums.js';

/** Patient gender codes (stored on the patient). */
export const GENDERS = ['M', 'F'] as const;
export type Gender = (typeof GENDERS)[number];

type Names = { ar: string; en: string; fr: string };
/** One translated name per code; `satisfies` below makes the compiler check that no code of an enum is missing. */
type NamesOf<C extends string> = Record<C, Names>;

/**
 * The system lookups: fixed lists defined in code, the same for every clinic, translated here so the server's
 * `Lookups/GetLookups` and the web app show the same names. A clinic's own editable lists are clinic lookups.
 */
export const SYSTEM_LOOKUPS = {
  Country: {
    CN1: { ar: 'اليمن', en: 'Yemen', fr: 'Yémen' },
    CN2: { ar: 'السعودية', en: 'Saudi Arabia', fr: 'Arabie saoudite' },
    CN3: { ar: 'مصر', en: 'Egypt', fr: 'Égypte' },
  } satisfies NamesOf<(typeof COUNTRIES)[number]>,
  Currency: {
    EGP: { ar: 'جنيه مصري', en: 'Egyptian pound', fr: 'Livre égyptienne' },
    SAR: { ar: 'ريال سعودي', en: 'Saudi riyal', fr: 'Riyal saoudien' },
    LYD: { ar: 'دينار ليبي', en: 'Libyan dinar', fr: 'Dinar libyen' },
    EUR: { ar: 'يورو', en: 'Euro', fr: 'Euro' },
    USD: { ar: 'دولار أمريكي', en: 'US dollar', fr: 'Dollar américain' },
    GBP: { ar: 'جنيه إسترليني', en: 'Pound sterling', fr: 'Livre sterling' },
  } satisfies NamesOf<(typeof CURRENCIES)[number]>,
  MaritalStatus: {
    MS1: { ar: 'أعزب', en: 'Single', fr: 'Célibataire' },
    MS2: { ar: 'متزوج', en: 'Married', fr: 'Marié(e)' },
    MS3: { ar: 'مطلق', en: 'Divorced', fr: 'Divorcé(e)' },
    MS4: { ar: 'أرمل', en: 'Widowed', fr: 'Veuf / veuve' },
  } satisfies NamesOf<(typeof MARITAL_STATUSES)[number]>,
  PatientType: {
    PT1: { ar: 'عادي', en: 'Standard', fr: 'Standard' },
    PT2: { ar: 'مميز', en: 'VIP', fr: 'VIP' },
    PT3: { ar: 'قائمة الحظر', en: 'Blacklist', fr: 'Liste noire' },
  } satisfies NamesOf<(typeof PATIENT_TYPES)[number]>,
  Gender: {
    M: { ar: 'ذكر', en: 'Male', fr: 'Homme' },
    F: { ar: 'أنثى', en: 'Female', fr: 'Femme' },
  } satisfies NamesOf<Gender>,
  ProcedureStatus: {
    S1: { ar: 'مخطط', en: 'Planned', fr: 'Planifié' },
    S2: { ar: 'قيد التنفيذ', en: 'In progress', fr: 'En cours' },
    S3: { ar: 'مكتمل', en: 'Completed', fr: 'Terminé' },
    S4: { ar: 'أكمله طبيب آخر', en: 'Completed by another doctor', fr: 'Terminé par un autre médecin' },
    S5: { ar: 'ملغي', en: 'Cancelled', fr: 'Annulé' },
  } satisfies NamesOf<(typeof PROCEDURE_STATUSES)[number]>,
  RequestStatus: {
    RS1: { ar: 'جديد', en: 'New', fr: 'Nouveau' },
    RS2: { ar: 'مخطط', en: 'Planned', fr: 'Planifié' },
    RS3: { ar: 'قيد التنفيذ', en: 'In progress', fr: 'En cours' },
    RS4: { ar: 'منجز', en: 'Done', fr: 'Terminé' },
  } satisfies NamesOf<(typeof REQUEST_STATUSES)[number]>,
} as const;

export type SystemLookupGroup = keyof typeof SYSTEM_LOOKUPS;
export const SYSTEM_LOOKUP_GROUPS = Object.keys(SYSTEM_LOOKUPS) as [SystemLookupGroup, ...SystemLookupGroup[]];

/** The items of one system group, in their defined order. */
export function systemLookupItems(group: SystemLookupGroup) {
  return Object.entries(SYSTEM_LOOKUPS[group] as Record<string, Names>).map(([code, n]) => ({
    code,
    nameAr: n.ar,
    nameEn: n.en,
    nameFr: n.fr,
  }));
}
