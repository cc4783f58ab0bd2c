import { describe, expect, it } from 'vitest';
import { FIRST_NAMESPACES, forgetLanguage, i18n, languageLoaded, loadLanguage, loadNamespaces } from './i18n';

// The web build loads a module's strings with it (vite.config.ts, stringsWithTheirCode): it finds the namespaces a
// module names from literals only. A namespace given any other way would show keys instead of text in the browser.
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../test/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe('strings load with the code that shows them (issue 18)', () => {
  it('every namespace a module names is a literal the build can find', () => {
    const unreadable: string[] = [];
    // i18next's own set-up; a printed document's namespaces come with its whole language (useLanguagesLoaded)
    const exempt = ['./i18n.ts', '../features/print/print-context.ts'];
    for (const [file, code] of Object.entries(sources)) {
      if (exempt.includes(file)) continue;
      for (const m of code.matchAll(/useTranslation\(([^)]*)\)/g))
        if (m[1]!.trim() && !/^\s*('[\w-]+'|\[\s*'[\w-]+'(\s*,\s*'[\w-]+')*\s*\])\s*$/.test(m[1]!)) unreadable.push(`${file}: ${m[0]}`);
      for (const m of code.matchAll(/\bns:\s*([^\s,}]+)/g))
        if (!/^'[\w-]+'$/.test(m[1]!)) unreadable.push(`${file}: ${m[0]}`);
    }
    expect(unreadable).toEqual([]);
  });

  it('the first paint asks for the first namespaces only; loadLanguage brings the rest', async () => {
    forgetLanguage('fr');
    await loadNamespaces('fr', FIRST_NAMESPACES);
    expect(FIRST_NAMESPACES.every((ns) => i18n.hasResourceBundle('fr', ns))).toBe(true);
    expect(i18n.hasResourceBundle('fr', 'scheduler')).toBe(false);
    expect(languageLoaded('fr')).toBe(false);
    expect(i18n.getFixedT('fr', 'errors')('field_required')).toBe('Ce champ est obligatoire');
    await loadLanguage('fr');
    expect(languageLoaded('fr')).toBe(true);
    expect(i18n.hasResourceBundle('fr', 'scheduler')).toBe(true);
  });
});
