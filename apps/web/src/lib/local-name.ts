import { currentLanguage } from './i18n';

/** The Arabic name in Arabic, the English (Latin) name in English and French. */
export const localName = (item: { nameAr: string; nameEn: string }) =>
  currentLanguage() === 'ar' ? item.nameAr : item.nameEn;
