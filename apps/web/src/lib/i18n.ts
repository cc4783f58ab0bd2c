import { DEFAULT_LANGUAGE, LANGUAGES, type Language, isRtl } from '@dental/contract';
import dayjs from 'dayjs';
import 'dayjs/locale/ar';
import 'dayjs/locale/fr';
import updateLocale from 'dayjs/plugin/updateLocale';
import i18next, { type Resource } from 'i18next';
import { useEffect, useState } from 'react';
import { initReactI18next } from 'react-i18next';
import { loadAntdLocale } from './antd-locale';
import { STORAGE_KEYS, readStored, writeStored } from './storage';

// dayjs's Arabic locale reads 12:00-12:59 as morning (it tests hour > 12): noon is afternoon (م)
dayjs.extend(updateLocale);
dayjs.updateLocale('ar', { meridiem: (hour: number) => (hour < 12 ? 'ص' : 'م') });

type Dictionary = Record<string, unknown>;

/** The shell's namespaces, one JSON file per language in src/locales/<lang>/<ns>.json; "errors" comes from the contract. */
export const SHELL_NAMESPACES = ['common', 'routes', 'errors', 'permissions', 'menu'] as const;

/**
 * What the first paint needs in the stored language (issue 18: the first load carries these, not every string). Every
 * other namespace loads with the code that uses it: the web build puts `await namespacesReady([...])` at the top of
 * each module that names a namespace (vite.config.ts, `namespacesOfModule`), so a page's module is not evaluated
 * before its strings are there.
 */
export const FIRST_NAMESPACES = ['common', 'routes', 'errors'] as const;

// one chunk per language and namespace: a browser loads only what the screen shows, in the language it shows
const SHELL_FILES = import.meta.glob<Dictionary>('../locales/*/*.json', { import: 'default' });
const FEATURE_FILES = import.meta.glob<Dictionary>('../features/*/locales/*.json', { import: 'default' });
const FILES = new Map<string, () => Promise<Dictionary>>();
for (const [file, load] of Object.entries(SHELL_FILES)) {
  const [, lang, ns] = /locales\/([a-z]+)\/([\w-]+)\.json$/.exec(file) ?? [];
  if (lang && ns) FILES.set(`${lang}/${ns}`, load);
}
for (const [file, load] of Object.entries(FEATURE_FILES)) {
  const [, ns, lang] = /features\/([\w-]+)\/locales\/([a-z]+)\.json$/.exec(file) ?? [];
  if (lang && ns) FILES.set(`${lang}/${ns}`, load);
}

/** Every namespace of a language: the shell's files, the error catalogue, and one namespace per feature folder. */
const namespacesOf = (lang: Language): string[] => [
  'errors',
  ...[...FILES.keys()].filter((key) => key.startsWith(`${lang}/`)).map((key) => key.slice(lang.length + 1)),
];

// the error catalogue, one language per chunk (built from the contract's: error-texts-plugin.ts)
const ERROR_TEXTS: Record<Language, () => Promise<{ default: Dictionary }>> = {
  ar: () => import('virtual:error-texts/ar'),
  en: () => import('virtual:error-texts/en'),
  fr: () => import('virtual:error-texts/fr'),
};

const isLanguage = (v: unknown): v is Language => (LANGUAGES as readonly unknown[]).includes(v);

const loading = new Map<string, Promise<void>>();

/** Loads namespaces of a language into i18next, each once (a failed chunk load is tried again next time). */
export function loadNamespaces(lang: Language, namespaces: readonly string[]): Promise<void> {
  return Promise.all(
    namespaces.map((ns) => {
      const key = `${lang}/${ns}`;
      let done = loading.get(key);
      if (!done) {
        const file = FILES.get(key);
        const read = ns === 'errors' ? ERROR_TEXTS[lang]().then((m) => m.default) : file ? file() : Promise.resolve(null);
        done = read.then((dict) => {
          if (dict) i18n.addResourceBundle(lang, ns, dict, true, true);
        });
        done.catch(() => loading.delete(key));
        loading.set(key, done);
      }
      return done;
    }),
  ).then(() => undefined);
}

/**
 * The namespaces a module uses, in the UI's language (put at the top of modules by the web build; a language switch
 * loads, in the new language, every namespace loaded in the old one: setLanguage).
 */
export const namespacesReady = (namespaces: readonly string[]): Promise<void> =>
  loadNamespaces(currentLanguage(), namespaces);

/** Every string of a language (a document printed in another language, the palette's ar/en search, tests). */
export const loadLanguage = (lang: Language): Promise<void> => loadNamespaces(lang, namespacesOf(lang));

/** Every one of a language's namespaces is in i18next (loaded by loadLanguage). */
export const languageLoaded = (lang: Language): boolean =>
  namespacesOf(lang).every((ns) => i18n.hasResourceBundle(lang, ns));

/** Every translation the app has, every language (the tests' view; the app loads what it shows). */
export async function buildResources(): Promise<Resource> {
  await Promise.all(LANGUAGES.map(loadLanguage));
  return Object.fromEntries(
    LANGUAGES.map((lang) => [lang, Object.fromEntries(namespacesOf(lang).map((ns) => [ns, i18n.getResourceBundle(lang, ns) as Dictionary]))]),
  );
}

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
  for (const key of [...loading.keys()]) if (key.startsWith(`${lang}/`)) loading.delete(key);
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
  // filled by loadNamespaces; an empty object (not none) tells react-i18next that nothing else will load them
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
/** The stored language's first strings: main.tsx renders once they are there. */
export const i18nReady = loadNamespaces(storedLanguage(), FIRST_NAMESPACES);
i18n.on('languageChanged', (lng) => {
  if (isLanguage(lng)) applyDocumentLanguage(lng);
});

/** The current UI language (ar, en or fr). */
export const currentLanguage = (): Language => (isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE);

/** Switches the UI language and remembers it on this device. */
export async function setLanguage(lang: Language): Promise<void> {
  writeStored(STORAGE_KEYS.language, lang);
  // what the screens met so far use, in the new language (their modules asked for it once, in the old one)
  await Promise.all([
    loadNamespaces(lang, [...FIRST_NAMESPACES, ...Object.keys(i18n.store.data[currentLanguage()] ?? {})]),
    loadAntdLocale(lang),
  ]);
  await i18n.changeLanguage(lang);
}

/**
 * Whether a text is a code of the error catalogue (its texts in the UI language are always loaded). The web app asks
 * this instead of reading the contract's ERROR_CATALOGUE, whose three languages would join the first load (issue 18).
 */
export const isErrorCode = (code: string): boolean =>
  /^\w+$/.test(code) && i18n.exists(code, { ns: 'errors', lng: currentLanguage(), fallbackLng: [] });

/**
 * The translated text of a validation message. Contract schemas use error-catalogue codes as messages;
 * anything else (a zod default text) falls back to the generic "invalid value".
 */
export function fieldErrorText(code: string | undefined): string {
  const key = code && isErrorCode(code) ? code : 'field_invalid';
  return i18n.t(key, { ns: 'errors' });
}
