import { DEFAULT_LANGUAGE, ERROR_CATALOGUE, LANGUAGES, type Language, isRtl } from '@dental/contract';
import dayjs from 'dayjs';
import 'dayjs/locale/ar';
import 'dayjs/locale/fr';
import updateLocale from 'dayjs/plugin/updateLocale';
import i18next, { type Resource } from 'i18next';
import { useEffect, useState } from 'react';
import { initReactI18next } from 'react-i18next';
import { STORAGE_KEYS, readStored, writeStored } from './storage';

// dayjs's Arabic locale reads 12:00-12:59 as morning (it tests hour > 12): noon is afternoon (م)
dayjs.extend(updateLocale);
dayjs.updateLocale('ar', { meridiem: (hour: number) => (hour < 12 ? 'ص' : 'م') });

type Dictionary = Record<string, unknown>;

/** The shell's namespaces, one JSON file per language in src/locales/<lang>/<ns>.json; "errors" comes from the contract. */
export const SHELL_NAMESPACES = ['common', 'routes', 'errors', 'permissions', 'menu'] as const;

const LANGUAGE_FILES: Record<Language, () => Promise<{ shell: Record<string, Dictionary>; features: Record<string, Dictionary> }>> = {
  ar: () => import('./locales/ar'),
  en: () => import('./locales/en'),
  fr: () => import('./locales/fr'),
};

const isLanguage = (v: unknown): v is Language => (LANGUAGES as readonly unknown[]).includes(v);

/** One language's namespaces: the shell's files, the error catalogue, and one namespace per feature folder. */
async function languageResources(lang: Language): Promise<Record<string, Dictionary>> {
  const { shell, features } = await LANGUAGE_FILES[lang]();
  const namespaces: Record<string, Dictionary> = {
    errors: Object.fromEntries(Object.entries(ERROR_CATALOGUE).map(([code, texts]) => [code, texts[lang]])),
  };
  for (const [file, dict] of Object.entries(shell)) {
    const ns = /locales\/[a-z]+\/([\w-]+)\.json$/.exec(file)?.[1];
    if (ns) namespaces[ns] = dict;
  }
  for (const [file, dict] of Object.entries(features)) {
    const ns = /features\/([\w-]+)\/locales\//.exec(file)?.[1];
    if (ns) namespaces[ns] = dict;
  }
  return namespaces;
}

/** Every translation the app has, every language (the tests' view; the app loads one language at a time). */
export async function buildResources(): Promise<Resource> {
  const entries = await Promise.all(LANGUAGES.map(async (lang) => [lang, await languageResources(lang)] as const));
  return Object.fromEntries(entries);
}

const loading = new Map<Language, Promise<void>>();

/**
 * Loads a language's strings into i18next once (its own chunk: the first load carries one language, not three,
 * issue 18). The app waits for the stored language before it renders, and setLanguage for the one it switches to.
 */
export function loadLanguage(lang: Language): Promise<void> {
  let done = loading.get(lang);
  if (!done) {
    done = languageResources(lang).then((namespaces) => {
      for (const [ns, dict] of Object.entries(namespaces)) i18n.addResourceBundle(lang, ns, dict, true, true);
    });
    done.catch(() => loading.delete(lang)); // a failed chunk load is tried again next time
    loading.set(lang, done);
  }
  return done;
}

/** Whether a language's strings are in i18next (loaded by loadLanguage). */
export const languageLoaded = (lang: Language): boolean => i18n.hasResourceBundle(lang, 'common');

/**
 * True once every one of `langs` is loaded, loading the missing ones (the UI's language always is; a document printed
 * in another language, or the palette's Arabic and English search, waits for its own: show a loading state until then).
 */
export function useLanguagesLoaded(langs: readonly Language[]): boolean {
  const key = langs.join(',');
  const [, loaded] = useState(0);
  const ready = langs.every(languageLoaded);
  useEffect(() => {
    if (ready) return;
    let live = true;
    void Promise.all(key.split(',').map((l) => loadLanguage(l as Language))).then(
      () => live && loaded((n) => n + 1),
      () => live && loaded((n) => n + 1),
    );
    return () => {
      live = false;
    };
  }, [key, ready]);
  return ready;
}

/** Tests only: drops a loaded language, as a browser that never loaded it. */
export function forgetLanguage(lang: Language): void {
  loading.delete(lang);
  for (const ns of Object.keys(i18n.store.data[lang] ?? {})) i18n.removeResourceBundle(lang, ns);
}

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
  // filled by loadLanguage; an empty object (not none) tells react-i18next that nothing else will load them
  resources: {},
  lng: storedLanguage(),
  // a key missing in one language is a bug the i18n test catches; English is shown only once it has been loaded
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  ns: [...SHELL_NAMESPACES],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});
applyDocumentLanguage(i18n.language as Language);
/** The stored language's strings: main.tsx renders once they are there. */
export const i18nReady = loadLanguage(storedLanguage());
i18n.on('languageChanged', (lng) => {
  if (isLanguage(lng)) applyDocumentLanguage(lng);
});

/** The current UI language (ar, en or fr). */
export const currentLanguage = (): Language => (isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE);

/** Switches the UI language and remembers it on this device. */
export async function setLanguage(lang: Language): Promise<void> {
  writeStored(STORAGE_KEYS.language, lang);
  await loadLanguage(lang);
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
