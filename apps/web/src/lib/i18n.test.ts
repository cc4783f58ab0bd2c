import dayjs from 'dayjs';
import {
  ERROR_CATALOGUE,
  LANGUAGES,
  MENU_GROUPS,
  PERMISSIONS,
  PERMISSION_GROUPS,
  ROUTES,
  permissionLabelKey,
} from '@dental/contract';
import { describe, expect, it } from 'vitest';
import { SHELL_NAMESPACES, buildResources, fieldErrorText, i18n, setLanguage } from './i18n';

const resources = await buildResources();
const FEATURE_NAMESPACES = Object.keys(resources.en!).filter((ns) => ns !== 'errors' && !(SHELL_NAMESPACES as readonly string[]).includes(ns));
type Dict = Record<string, unknown>;

/** Every leaf key of a nested dictionary, dotted. */
function leafKeys(dict: Dict, prefix = ''): string[] {
  return Object.entries(dict).flatMap(([k, v]) =>
    v && typeof v === 'object' ? leafKeys(v as Dict, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}
const has = (lang: string, ns: string, key: string) => i18n.exists(key, { lng: lang, ns, fallbackLng: [] });
const text = (lang: string, ns: string, key: string) => i18n.getFixedT(lang, ns)(key);

describe('translations are complete in ar, en and fr', () => {
  it.each(LANGUAGES)('%s has a label for every route', (lang) => {
    const missing = ROUTES.filter((r) => !has(lang, 'routes', r.name)).map((r) => r.name);
    expect(missing).toEqual([]);
  });

  it.each(LANGUAGES)('%s has a label for every permission key and group', (lang) => {
    const missingKeys = PERMISSIONS.filter(
      (p) => !i18n.exists(permissionLabelKey(p.key), { lng: lang, fallbackLng: [] }),
    );
    const missingGroups = PERMISSION_GROUPS.filter((g) => !has(lang, 'permissions', `group.${g}`));
    expect(missingKeys.map((p) => p.key)).toEqual([]);
    expect(missingGroups).toEqual([]);
  });

  it.each(LANGUAGES)('%s has a label for every menu group and every error code', (lang) => {
    expect(MENU_GROUPS.filter((g) => !has(lang, 'menu', g))).toEqual([]);
    expect(Object.keys(ERROR_CATALOGUE).filter((c) => !has(lang, 'errors', c))).toEqual([]);
  });

  it('shell namespaces have the same keys in every language', () => {
    for (const ns of SHELL_NAMESPACES) {
      const en = leafKeys((resources.en?.[ns] ?? {}) as Dict).sort();
      expect(en.length, ns).toBeGreaterThan(0);
      for (const lang of LANGUAGES)
        expect(leafKeys((resources[lang]?.[ns] ?? {}) as Dict).sort(), `${lang}/${ns}`).toEqual(en);
    }
  });

  it('every feature locale file has the same keys in ar, en and fr', () => {
    expect(FEATURE_NAMESPACES).toContain('auth');
    for (const ns of FEATURE_NAMESPACES) {
      const en = leafKeys((resources.en?.[ns] ?? {}) as Dict).sort();
      for (const lang of LANGUAGES)
        expect(leafKeys((resources[lang]?.[ns] ?? {}) as Dict).sort(), `${lang}/${ns}`).toEqual(en);
    }
  });

  it('Arabic labels are Arabic and differ from English', () => {
    const ar = text('ar', 'routes', 'PatientsList');
    expect(ar).toMatch(/[\u0600-\u06FF]/);
    expect(ar).not.toBe(text('en', 'routes', 'PatientsList'));
    expect(text('fr', 'permissions', 'key.patient_add')).not.toBe(text('en', 'permissions', 'key.patient_add'));
  });
});

describe('fieldErrorText', () => {
  it('translates catalogue codes in the current language and falls back for unknown messages', async () => {
    await setLanguage('en');
    expect(fieldErrorText('field_required')).toBe('This field is required');
    expect(fieldErrorText('Expected string, received number')).toBe('Invalid value');
    await setLanguage('ar');
    expect(fieldErrorText('password_mismatch')).toBe(ERROR_CATALOGUE.password_mismatch.ar);
    expect(document.documentElement.dir).toBe('rtl');
    await setLanguage('fr');
    expect(document.documentElement.dir).toBe('ltr');
    expect(document.documentElement.lang).toBe('fr');
  });
});

describe('Arabic times', () => {
  it('shows noon as afternoon (م) and midnight to 11:59 as morning (ص)', async () => {
    await setLanguage('ar');
    expect(dayjs('2026-01-01T12:30:00').format('A')).toBe('م');
    expect(dayjs('2026-01-01T11:59:00').format('A')).toBe('ص');
    expect(dayjs('2026-01-01T00:10:00').format('A')).toBe('ص');
    expect(dayjs('2026-01-01T18:00:00').format('A')).toBe('م');
  });
});
