import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Page, type Response, expect, test } from '@playwright/test';
import * as contract from '@dental/contract';
import { ROUTES } from '@dental/contract';
import { REPO_ROOT, apiAs, apiLogin, loginByApi, openInApp, settle } from './support';

/**
 * Issue 18: a French or Arabic screen must not show English. The owner of the demo clinic opens every built page of the
 * route table (and the patient file's tabs, and a detail page of each kind found on the lists), in French and in
 * Arabic, and the visible text of each is searched for English the app could show there:
 *  - every text of the web app's en locale files whose fr (ar) text for the same key differs,
 *  - every English text of the contract ({ ar, en, fr } objects: error messages, system lists, role names ...),
 *  - the English text of every record the page loaded (nameEn, textEn ... and { ar, en, fr }) that the product itself
 *    provides (the literal is in the server's or the contract's source: seeds, defaults) and whose French (Arabic)
 *    text differs or is missing. Data the users type (rooms, patients, other journeys' records) is not translated.
 * Text explicitly marked as another language (lang="en" on the "English name" column, the language menu) is not
 * looked at. A candidate is at least two words or one word of six letters or more; names that read the same in
 * French (brands, codes) are left aside (SAME_IN_FRENCH).
 *
 * What the users typed. In a full run this journey comes after others that typed records in English (a patient
 * "Second Branch Patient 51462", a lab service "Zirconia crown 1a2b"): such a text holds candidates ("Branch", the
 * seeded "Zirconia crown") but is the user's, not the product's. So every string of every /api/ JSON answer that is
 * not a literal of the server's or the contract's source, has a Latin letter and is three characters or more (each
 * line of a multi-line one) is taken as typed by a user, and a candidate found INSIDE a longer such text, at that
 * place on the page, is set aside (search()). The candidate elsewhere on the page, or making up a whole user text
 * (a record typed exactly as a product text), is still a finding; the self-check below proves both.
 * The limit: a text the product provides that the server BUILDS (concatenated, formatted or computed by SQL, so not a
 * literal of its source) looks like user data too, and an English candidate inside it is set aside as well. Nothing
 * is set aside silently: every candidate set aside is logged ("set aside in fr ...") with the user text around it;
 * read that list when a product text might be among them.
 */

type Lang = 'fr' | 'ar';
type Dict = { [key: string]: string | Dict };

const WEB_SRC = join(REPO_ROOT, 'apps/web/src');

/** Words (lower case) that are the same in French as in English, or names: a candidate made only of these is ignored. */
const SAME_IN_FRENCH = new Set(
  `a4 a5 actions active ada assistant bracket bridge canal cdt code contact date dentix document e-mail email extensions extraction facebook
  fdi fracture google images implant inactive instagram instapay latitude logo longitude m message min mm mobile net note notes
  notifications options page palmer patient patients photo pin qr question questions rx signature sms snapchat standard stock tiktok
  total twitter type visa votes whatsapp x youtube zatca`.split(/\s+/),
);

const flat = (d: Dict, prefix = ''): Record<string, string> =>
  Object.fromEntries(
    Object.entries(d).flatMap(([k, v]) => (typeof v === 'string' ? [[prefix + k, v]] : Object.entries(flat(v, `${prefix}${k}.`)))),
  );
const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Dict;

/** Every namespace of the web app: name → { ar, en, fr } flat dictionaries. */
function localeFiles() {
  const out = new Map<string, Record<'ar' | 'en' | 'fr', Record<string, string>>>();
  for (const ns of readdirSync(join(WEB_SRC, 'locales/en')))
    out.set(`shell:${ns}`, {
      ar: flat(readJson(join(WEB_SRC, 'locales/ar', ns))),
      en: flat(readJson(join(WEB_SRC, 'locales/en', ns))),
      fr: flat(readJson(join(WEB_SRC, 'locales/fr', ns))),
    });
  for (const feature of readdirSync(join(WEB_SRC, 'features'), { withFileTypes: true })) {
    if (!feature.isDirectory()) continue;
    const dir = join(WEB_SRC, 'features', feature.name, 'locales');
    try {
      out.set(feature.name, {
        ar: flat(readJson(join(dir, 'ar.json'))),
        en: flat(readJson(join(dir, 'en.json'))),
        fr: flat(readJson(join(dir, 'fr.json'))),
      });
    } catch {
      // a feature without strings
    }
  }
  return out;
}

/** The pieces of a text a screen shows whole: split at placeholders ({{x}}, {x}), tags and line breaks. */
const fragments = (text: string) =>
  text
    .split(/\{\{[^}]*\}\}|\{[^}]*\}|<\/?\d+>|<[^>]+>|\n/)
    .map((s) => s.trim().replace(/^[\s,.:;!?()«»"'·–—-]+|[\s,.:;!?()«»"'·–—-]+$/g, ''))
    .filter(Boolean);

const wordsOf = (s: string) => s.toLowerCase().match(/[a-z][a-z'-]*/g) ?? [];
/** Long enough to mean something, English-looking, and not only words French shares. */
function worthChecking(s: string) {
  if (/[\u0600-\u06ff]/.test(s) || /[à-ÿœ]/i.test(s)) return false;
  const words = wordsOf(s);
  if (words.length === 0 || words.every((w) => SAME_IN_FRENCH.has(w))) return false;
  return words.length >= 2 || words.some((w) => w.length >= 6);
}

/** Every { ar, en, fr } (or { xAr, xEn, xFr }) inside a value: [english, the other language's text or undefined]. */
function* englishPairs(value: unknown, lang: Lang, seen = new Set<unknown>()): Generator<[string, string | undefined]> {
  if (!value || typeof value !== 'object' || seen.has(value)) return;
  seen.add(value);
  const o = value as Record<string, unknown>;
  for (const [key, v] of Object.entries(o)) {
    if (typeof v === 'string') {
      if (key === 'en') yield [v, typeof o[lang] === 'string' ? (o[lang] as string) : undefined];
      else if (/[a-z]En$/.test(key)) {
        const other = o[key.replace(/En$/, lang === 'fr' ? 'Fr' : 'Ar')];
        yield [v, typeof other === 'string' && other ? other : undefined];
      }
    } else yield* englishPairs(v, lang, seen);
  }
}

const LITERAL = String.raw`'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"`;
const unquote = (s: string) => s.replace(/\\(.)/g, '$1');
const ARABIC = /[\u0600-\u06ff]/;

/**
 * The string literals of the server's and the contract's source (the texts the product itself provides), and the
 * [ar, en, fr] triples written as three literals in a row (the seeds' names: ['ar', 'en', 'fr'], l(ar, en, fr) ...).
 */
function productLiterals() {
  const out = new Set<string>();
  const triples: Array<{ ar: string; en: string; fr: string }> = [];
  const triple = new RegExp(`(?:${LITERAL})\\s*,\\s*(?:${LITERAL})\\s*,\\s*(?:${LITERAL})`, 'g');
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, e.name);
      if (e.isDirectory()) walk(path);
      else if (/\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name)) {
        const code = readFileSync(path, 'utf8');
        for (const m of code.matchAll(new RegExp(LITERAL, 'g'))) out.add(unquote(m[1] ?? m[2]!));
        for (const m of code.matchAll(triple)) {
          const [ar, en, fr] = [m[1] ?? m[2]!, m[3] ?? m[4]!, m[5] ?? m[6]!].map(unquote) as [string, string, string];
          if (ARABIC.test(ar) && !ARABIC.test(en) && !ARABIC.test(fr)) triples.push({ ar, en, fr });
        }
      }
    }
  };
  walk(join(REPO_ROOT, 'apps/server/src'));
  walk(join(REPO_ROOT, 'packages/contract/src'));
  return { literals: out, triples };
}

/** An English text a screen must not show: where it comes from, and its translations (shown beside it, it is fine). */
interface Candidate {
  source: string;
  translations: Set<string>;
}

/** The English strings a screen in `lang` must not show (add more with the returned `add`). */
function candidatesFor(lang: Lang) {
  const out = new Map<string, Candidate>();
  const locales = localeFiles();
  // the app's texts in `lang` that are translated (not the English text of their key): an English-looking piece of one
  // of them (a brand, a cognate) is not a finding
  const inLang = [...locales.values()].flatMap((d) => Object.entries(d[lang]).filter(([k, v]) => v !== d.en[k]).map(([, v]) => v));
  const add = (english: string, other: string | undefined, source: string, sameIsUntranslated = false) => {
    if (other === english && !sameIsUntranslated) return; // a record named alike in both (Visa): as the product gives it
    for (const f of fragments(english)) {
      if (!worthChecking(f) || inLang.some((t) => t.includes(f)) || (other !== english && (other ?? '').includes(f))) continue;
      const known = out.get(f) ?? { source, translations: new Set<string>() };
      if (other?.trim() && other !== english) known.translations.add(other.trim());
      out.set(f, known);
    }
  };
  // a locale text left as the English one is untranslated (cognates aside: worthChecking)
  for (const [ns, d] of locales) for (const [key, en] of Object.entries(d.en)) add(en, d[lang][key], `locale ${ns}:${key}`, true);
  for (const [name, value] of Object.entries(contract))
    for (const [en, other] of englishPairs(value, lang)) add(en, other, `contract ${name}`);
  return { candidates: out, add };
}

/** The built pages of the web app (features/*\/routes.ts) a clinic user opens, from the contract's route table. */
function builtRoutes() {
  const built = new Set<string>();
  for (const feature of readdirSync(join(WEB_SRC, 'features'))) {
    let code: string;
    try {
      code = readFileSync(join(WEB_SRC, 'features', feature, 'routes.ts'), 'utf8');
    } catch {
      continue;
    }
    for (const m of code.matchAll(/^\s*'(\/[^']*)':/gm)) built.add(m[1]!);
  }
  return ROUTES.filter(
    (r) =>
      built.has(r.path) &&
      r.layout !== 'auth' &&
      !r.provider &&
      !/:\w+(\/|$)/.test(r.path) && // a required parameter: a public page reached by a link
      !r.path.startsWith('/pages/'),
  );
}

/** A route's pattern: its path with the parameters (the first one given). */
const routePattern = (path: string) =>
  new RegExp(`^${path.replace(/\/:\w+\?/, '/([^/]+)').replace(/\/:\w+\?/g, '(?:/[^/]+)?')}$`, 'i');
const routeHref = (path: string) => path.replace(/\/:[^/]+\?/g, '') || '/';

interface Finding {
  page: string;
  english: string;
  source: string;
  where: string;
}

/** What the page shows: the visible text of the body (text marked as another language left out), placeholders, title. */
async function visibleText(page: Page, lang: Lang) {
  return page.evaluate((ui) => {
    const style = document.createElement('style');
    style.textContent = `[lang]:not([lang|="${ui}"]), [lang]:not([lang|="${ui}"]) * { visibility: hidden !important; }`;
    document.head.append(style);
    try {
      const placeholders = [...document.querySelectorAll<HTMLElement>('[placeholder]')]
        .filter((el) => el.checkVisibility() && !el.closest(`[lang]:not([lang|="${ui}"])`))
        .map((el) => el.getAttribute('placeholder') ?? '');
      return [document.title, document.body.innerText, ...placeholders].join('\n');
    } finally {
      style.remove();
    }
  }, lang);
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Spaces as the search sees them (innerText's non-breaking spaces and runs of blanks: one space). */
const spaces = (s: string) => s.replace(/[ \t\u00a0]+/g, ' ');
/** `s` as a whole text: not glued to a letter or digit on either side. */
const wholeText = (s: string) => new RegExp(`(?<![\\p{L}\\p{N}])${escape(s)}(?![\\p{L}\\p{N}])`, 'gu');

/**
 * The texts the users typed among the strings of an API answer: a string (each line of a multi-line one) that is not a
 * literal of the product's source, has a Latin letter and is three characters or more.
 */
function* userTextsIn(value: unknown, literals: Set<string>): Generator<string> {
  if (typeof value === 'string') {
    if (literals.has(value)) return;
    for (const line of value.split(/\r?\n/)) {
      const s = spaces(line).trim();
      if (s.length >= 3 && /[a-z]/i.test(s) && !literals.has(s)) yield s;
    }
  } else if (value && typeof value === 'object') for (const v of Object.values(value)) yield* userTextsIn(v, literals);
}

/** An English text found inside a text the users typed ("Branch" in the patient "Second Branch Patient 51462"). */
interface SetAside {
  english: string;
  source: string;
  userText: string;
}

/**
 * Searches one page's text for the candidates. A hit that lies inside a longer text the users typed (seen in an API
 * answer) is that user's data, not the product's: it is set aside (and returned, to be logged). A hit that IS a whole
 * user text (a record typed exactly as a product text) is still a finding.
 */
function search(path: string, rawText: string, candidates: Map<string, Candidate>, userTexts: Iterable<string>) {
  const text = spaces(rawText);
  const typed: Array<{ at: number; end: number; userText: string }> = [];
  for (const u of userTexts)
    if (text.includes(u)) for (const m of text.matchAll(wholeText(u))) typed.push({ at: m.index, end: m.index + u.length, userText: u });
  const hits: Array<Finding & { at: number; end: number; beside: boolean }> = [];
  const setAside: SetAside[] = [];
  for (const [english, { source, translations }] of candidates) {
    if (!text.includes(english)) continue;
    for (const m of text.matchAll(wholeText(english))) {
      const [at, end] = [m.index, m.index + english.length];
      const inTyped = typed.find((u) => u.at <= at && u.end >= end && u.end - u.at > end - at);
      if (inTyped) {
        setAside.push({ english, source, userText: inTyped.userText });
        continue;
      }
      const line = text.slice(text.lastIndexOf('\n', at) + 1, (text.indexOf('\n', at) + 1 || text.length + 1) - 1);
      // beside its own translation (a name in every language, a table's "English name" column) it is not untranslated
      const beside = [...translations].some((t) => line.includes(t));
      hits.push({ page: path, english, source, where: line.trim().slice(0, 160), at, end, beside });
    }
  }
  // a word inside a longer English text found at the same place is the same finding
  const findings: Finding[] = [];
  for (const h of hits)
    if (
      !h.beside &&
      !hits.some((o) => o !== h && o.at <= h.at && o.end >= h.end && o.end - o.at > h.end - h.at) &&
      !findings.some((f) => f.english === h.english)
    )
      findings.push({ page: h.page, english: h.english, source: h.source, where: h.where });
  return { findings, setAside };
}

async function findEnglish(lang: Lang, page: Page, patientIds: number[]): Promise<Finding[]> {
  const { candidates, add } = candidatesFor(lang);
  const { literals, triples } = productLiterals();
  for (const t of triples) add(t.en, t[lang], 'seed');
  const userTexts = new Set<string>();
  // English texts of the records the pages loaded, when the product provides them (seeded or built in), and the texts
  // the users typed (not in the product's source)
  const pending: Promise<void>[] = [];
  page.on('response', (res: Response) => {
    if (!res.url().includes('/api/') || !(res.headers()['content-type'] ?? '').includes('json')) return;
    pending.push(
      res
        .json()
        .then((body: unknown) => {
          for (const [en, other] of englishPairs(body, lang))
            if (literals.has(en)) add(en, other, `data ${new URL(res.url()).pathname}`);
          for (const u of userTextsIn(body, literals)) userTexts.add(u);
        })
        .catch(() => undefined),
    );
  });
  const settled = settle(page);
  const findings: Finding[] = [];
  const setAside = new Map<string, SetAside & { pages: Set<string> }>();
  const check = async (path: string) => {
    await settled(path);
    await Promise.all(pending.splice(0));
    const found = search(path, await visibleText(page, lang), candidates, userTexts);
    for (const f of found.findings) if (!findings.some((o) => o.page === f.page && o.english === f.english)) findings.push(f);
    for (const s of found.setAside) {
      const key = `${s.english}\u0000${s.userText}`;
      const known = setAside.get(key) ?? { ...s, pages: new Set<string>() };
      known.pages.add(path);
      setAside.set(key, known);
    }
  };

  await loginByApi(page, 'owner', { lang, path: '/' });
  await check('/');
  const routes = builtRoutes();
  const visited = new Set<string>(['/']);
  const details = new Map<string, string>(); // route path with parameters → a link to one of its pages
  const detailRoutes = routes.filter((r) => r.path.includes('/:') && r.name !== 'Patient');
  const visit = async (path: string) => {
    if (visited.has(path.toLowerCase())) return;
    visited.add(path.toLowerCase());
    await openInApp(page, path);
    await check(path);
    const links = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLAnchorElement>('a[href^="/"]')].map((a) => decodeURI(new URL(a.href).pathname)),
    );
    for (const r of detailRoutes)
      if (!details.has(r.path)) {
        const link = links.find((l) => routePattern(r.path).test(l));
        if (link) details.set(r.path, link);
      }
  };
  for (const r of routes) await visit(routeHref(r.path));
  for (const id of patientIds) for (let tab = 1; tab <= 11; tab++) await visit(`/Patient/${id}/${tab}`);
  for (const link of details.values()) await visit(link);
  console.log(`${visited.size} pages in ${lang}: ${[...visited].join(' ')}`);
  // not silent: what was taken for user data, to read when a product text might hide there (see the header)
  if (setAside.size)
    console.log(
      `set aside in ${lang}, inside texts the users typed (${userTexts.size} seen):\n${[...setAside.values()]
        .map((s) => `  "${s.english}" (${s.source}) in "${s.userText}" on ${[...s.pages].slice(0, 3).join(' ')}${s.pages.size > 3 ? ' …' : ''}`)
        .join('\n')}`,
    );
  return findings;
}

test.describe('no English on French and Arabic screens (issue 18)', () => {
  test('self-check: English inside a longer user-typed text is set aside, anywhere else it is found', () => {
    const candidates = new Map<string, Candidate>([
      ['Branch', { source: 'locale', translations: new Set(['Succursale']) }],
      ['Zirconia crown', { source: 'seed', translations: new Set(['Couronne zircone']) }],
      ['Add payment', { source: 'locale', translations: new Set(['Ajouter un paiement']) }],
    ]);
    const typed = ['Second Branch Patient 51462', 'Zirconia crown 1a2b', 'crown', 'Branch', 'Ali'];
    const page = [
      'Patients Second Branch Patient 51462 Zirconia crown 1a2b', // only user data
      'Branch', // a record typed exactly as the product's text: still a finding
      'Une Zirconia crown ici', // a user text ("crown") inside the candidate does not hide it
      'Ali Add payment', // beside a user text, not inside it
    ].join('\n');
    const { findings, setAside } = search('/x', page, candidates, typed);
    expect(findings.map((f) => [f.english, f.where])).toEqual([
      ['Branch', 'Branch'],
      ['Zirconia crown', 'Une Zirconia crown ici'],
      ['Add payment', 'Ali Add payment'],
    ]);
    expect(setAside.map((s) => [s.english, s.userText])).toEqual([
      ['Branch', 'Second Branch Patient 51462'],
      ['Zirconia crown', 'Zirconia crown 1a2b'],
    ]);
    // without the user texts every one is found
    expect(search('/x', page, candidates, []).findings.map((f) => f.english)).toEqual(['Branch', 'Zirconia crown', 'Add payment']);
  });

  let patientIds: number[] = [];
  test.beforeAll(async ({ request }) => {
    // the demo patients with procedures and payments (payments.seed.ts: the first paid half, the fifth has a plan)
    const owner = apiAs(request, (await apiLogin(request, 'owner')).token);
    const list = await owner.ok.get<{ items: Array<{ patientId: number }> }>('/api/PatientProcedure/GetPatientProceduresFilter', {
      pageSize: 100,
    });
    const ids = [...new Set(list.items.map((p) => p.patientId))].sort((a, b) => a - b);
    patientIds = [ids[0]!, ids[4] ?? ids.at(-1)!];
  });

  for (const lang of ['fr', 'ar'] as const)
    test(`every page of the owner, in ${lang === 'fr' ? 'French' : 'Arabic'}`, async ({ page }) => {
      test.setTimeout(300_000);
      const findings = await findEnglish(lang, page, patientIds);
      const report = findings.map((f) => `${f.page}: "${f.english}" (${f.source}) in: ${f.where}`);
      expect(report, `English on ${lang} screens:\n${report.join('\n')}`).toEqual([]);
    });
});
