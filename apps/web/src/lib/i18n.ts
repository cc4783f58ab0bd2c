import { DEFAULT_LANGUAGE, ERROR_CATALOGUE, LANGUAGES, type Language, isRtl } from '@dental/contract';
import dayjs from 'dayjs';
import 'dayjs/locale/ar';
import 'dayjs/locale/fr';
import updateLocale from 'dayjs/plugin/updateLocale';
import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { STORAGE_KEYS, readStored, writeStored } from './storage';

// dayjs's Arabic locale reads 12:00-12:59 as morning (it tests hour > 12): noon is afternoon (م)
dayjs.extend(updateLocale);
dayjs.updateLocale('ar', { meridiem: (hour: number) => (hour < 12 ? 'ص' : 'م') });

type Dictionary = Record<string, unknown>;

/** The shell's namespaces, one JSON file per language in src/locales/<lang>/<ns>.json; "errors" comes from the contract. */
export const SHELL_NAMESPACES = ['common', 'routes', 'errors', 'permissions', 'menu'] as const;

const shellFiles = import.meta.glob<Dictionary>('../locales/*/*.json', { eager: true, import: 'default' });
const featureFiles = import.meta.glob<Dictionary>('../features/*/locales/*.json', { eager: true, import: 'default' });

const isLanguage = (v: unknown): v is Language => (LANGUAGES as readonly unknown[]).includes(v);

/** Every translation the app has: shell files, the error catalogue, and one namespace per feature folder. */
export function buildResources(): Resource {
  const resources: Resource = {};
  for (const lang of LANGUAGES) {
    resources[lang] = {
      errors: Object.fromEntries(Object.entries(ERROR_CATALOGUE).map(([code, texts]) => [code, texts[lang]])),
    };
  }
  for (const [file, dict] of Object.entries(shellFiles)) {
    const m = /locales\/([a-z]+)\/([\w-]+)\.json$/.exec(file);
    if (m && isLanguage(m[1])) resources[m[1]]![m[2]!] = dict;
  }
  for (const [file, dict] of Object.entries(featureFiles)) {
    const m = /features\/([\w-]+)\/locales\/([a-z]+)\.json$/.exec(file);
    if (m && isLanguage(m[2])) resources[m[2]]![m[1]!] = dict;
  }
  return resources;
}

/** Feature namespaces found under features/<name>/locales. */
export const FEATURE_NAMESPACES = [
  ...new Set(
    Object.keys(featureFiles)
      .map((f) => /features\/([\w-]+)\/locales/.exec(f)?.[1])
      .filter(Boolean) as string[],
  ),
];

export const storedLanguage = (): Language => {
  const v = readStored<unknown>(STORAGE_KEYS.language);
  return isLanguage(v) ? v : DEFAULT_LANGUAGE;
};

function applyDocumentLanguage(lang: Language) {
  dayjs.locale(lang);
  if (typeof document !== 'undefined') {
    document.documentElement.lang = lang;
    document.documentElement.dir = isRtl(lang) ? 'rtl' : 'ltr';
  }
}

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: buildResources(),
  lng: storedLanguage(),
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  ns: [...SHELL_NAMESPACES, ...FEATURE_NAMESPACES],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});
applyDocumentLanguage(i18n.language as Language);
i18n.on('languageChanged', (lng) => {
  if (isLanguage(lng)) applyDocumentLanguage(lng);
});

/** The current UI language (ar, en or fr). */
export const currentLanguage = (): Language => (isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE);

/** Switches the UI language and remembers it on this device. */
export async function setLanguage(lang: Language): Promise<void> {
  writeStored(STORAGE_KEYS.language, lang);
  await i18n.changeLanguage(lang);
}

/**
 * The translated text of a validation message. Contract schemas use error-catalogue codes as messages;
 * anything else (a zod default text) falls back to the generic "invalid value".
 */
export function fieldErrorText(code: string | undefined): string {
  const key = code && code in ERROR_CATALOGUE ? code : 'field_invalid';
  return i18n.t(key, { ns: 'errors' });
}
