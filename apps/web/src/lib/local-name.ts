import type { Language } from '@dental/contract';
import { currentLanguage } from './i18n';

/** A name in `language`: Arabic, English, or French (the English name when there is no French one). */
export const nameIn = (language: Language, ar: string, en: string, fr?: string | null): string =>
  language === 'ar' ? ar || en : language === 'fr' ? fr || en : en || ar;

/** The name in the UI language: the Arabic name in Arabic, the French one (else English) in French, else English. */
export const localName = (item: { nameAr: string; nameEn: string; nameFr?: string | null }) =>
  nameIn(currentLanguage(), item.nameAr, item.nameEn, item.nameFr);
