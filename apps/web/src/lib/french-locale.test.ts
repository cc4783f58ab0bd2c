import { describe, expect, it } from 'vitest';

type Dictionary = { [key: string]: string | Dictionary };
const shell = import.meta.glob<Dictionary>('../locales/*/*.json', { eager: true, import: 'default' });
const features = import.meta.glob<Dictionary>('../features/*/locales/*.json', { eager: true, import: 'default' });

function flat(d: Dictionary, prefix = ''): Record<string, string> {
  return Object.fromEntries(
    Object.entries(d).flatMap(([k, v]) => (typeof v === 'string' ? [[prefix + k, v]] : Object.entries(flat(v, `${prefix}${k}.`)))),
  );
}

/** Every namespace as { en, fr }, by file (shell: locales/<lang>/<ns>.json; features: features/<f>/locales/<lang>.json). */
function pairs() {
  const out = new Map<string, { en?: Dictionary; fr?: Dictionary }>();
  const put = (name: string, lang: string, d: Dictionary) => {
    if (lang !== 'en' && lang !== 'fr') return;
    out.set(name, { ...out.get(name), [lang]: d });
  };
  for (const [file, d] of Object.entries(shell)) {
    const m = /locales\/([a-z]+)\/([\w-]+)\.json$/.exec(file)!;
    put(`shell:${m[2]}`, m[1]!, d);
  }
  for (const [file, d] of Object.entries(features)) {
    const m = /features\/([\w-]+)\/locales\/([a-z]+)\.json$/.exec(file)!;
    put(m[1]!, m[2]!, d);
  }
  return out;
}

/**
 * Words that are the same in English and French (true cognates) or names (brands, numbering systems): a French text
 * equal to the English one is accepted only when every word of it is one of these.
 */
const SAME_IN_FRENCH = new Set(
  `a4 a5 actions active assistant bracket bridge canal code contact date document e-mail extensions extraction facebook fdi fracture
  images implant inactive instagram latitude logo longitude m message min mm mobile net note notes notifications options page palmer patient patients
  photo question questions rx signature sms snapchat standard stock tiktok total twitter type votes whatsapp x youtube`.split(/\s+/),
);

/** The words of a text, without placeholders ({{count}}), digits and punctuation. */
const words = (text: string) =>
  text
    .replace(/\{\{[^}]*\}\}/g, ' ')
    .toLowerCase()
    .split(/[^a-z0-9à-ÿ-]+/)
    .filter((w) => /[a-z]/.test(w));

/** The French texts that are still the English ones (issue 18: French screens showed English). */
export function untranslatedFrench(namespaces = pairs()) {
  const found: string[] = [];
  for (const [name, { en, fr }] of namespaces) {
    if (!en) continue;
    const english = flat(en);
    const french = fr ? flat(fr) : {};
    for (const [key, text] of Object.entries(english)) {
      if (!(key in french)) found.push(`${name}:${key} has no French text`);
      else if (french[key] === text && words(text).some((w) => !SAME_IN_FRENCH.has(w))) found.push(`${name}:${key} is English: ${text}`);
    }
  }
  return found;
}

describe('French texts (issue 18)', () => {
  it('every English text of the app has a French one that is not the English text (cognates and names aside)', () => {
    expect(untranslatedFrench()).toEqual([]);
  });

  it('flags an English text left in French and a missing one, not a cognate', () => {
    const found = untranslatedFrench(
      new Map([['x', { en: { a: 'Notes', b: { c: 'Save changes' }, d: 'Date', e: 'Delete' }, fr: { a: 'Notes', b: { c: 'Save changes' }, d: 'Date' } }]]),
    );
    expect(found).toEqual(['x:b.c is English: Save changes', 'x:e has no French text']);
  });
});
