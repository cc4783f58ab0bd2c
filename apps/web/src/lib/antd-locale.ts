import type { Language } from '@dental/contract';
import type { Locale } from 'antd/es/locale';

// one language per chunk: the first load carries only the shown one (issue 18)
const LOADERS: Record<Language, () => Promise<{ default: Locale }>> = {
  ar: () => import('antd/locale/ar_EG'),
  en: () => import('antd/locale/en_US'),
  fr: () => import('antd/locale/fr_FR'),
};

const loaded = new Map<Language, Locale>();

/** Loads antd's texts of a language (date pickers, pagination, empty lists ...), once. */
export async function loadAntdLocale(lang: Language): Promise<void> {
  if (!loaded.has(lang)) loaded.set(lang, (await LOADERS[lang]()).default);
}

/** antd's texts of a language once loadAntdLocale has brought them (the i18n start and setLanguage wait for it). */
export const antdLocale = (lang: Language): Locale | undefined => loaded.get(lang);
