import { type Language, SYSTEM_LOOKUPS, type SystemLookupGroup, systemLookupItems } from '@dental/contract';
import { currentLanguage } from './i18n';

const nameIn = (item: { nameAr: string; nameEn: string; nameFr: string }, lang: Language) =>
  lang === 'ar' ? item.nameAr : lang === 'fr' ? item.nameFr : item.nameEn;

/** A fixed system list (genders, marital statuses, countries ...) as Select options in the UI language. */
export function systemOptions<G extends SystemLookupGroup>(group: G) {
  const lang = currentLanguage();
  return systemLookupItems(group).map((item) => ({
    value: item.code as keyof (typeof SYSTEM_LOOKUPS)[G] & string,
    label: nameIn(item, lang),
  }));
}

/** The UI-language name of one code of a system list ('' for none, the code itself if unknown). */
export function systemName(group: SystemLookupGroup, code: string | null | undefined): string {
  if (!code) return '';
  const names = (SYSTEM_LOOKUPS[group] as Record<string, Record<Language, string>>)[code];
  return names?.[currentLanguage()] ?? code;
}
