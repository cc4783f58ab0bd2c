import { normalizeName } from '@dental/contract';
import { type SQL, type SQLWrapper, and, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/types.js';
import { patientSearchWords, patients } from './patients.table.js';

/**
 * Rewrites the search words of these patients of the clinic from their stored folded name and mobile, in SQL, so
 * that the service, the demo seed, the tests and bulk imports all tokenise the same way: every word of
 * name_normalized, and the mobile's digits whole and without their first 1, 2 and 3 digits (the country code).
 * Call it whenever a patient's name, mobile, approval or deletion changes (the words carry the name and `listed`).
 */
export async function refreshSearchWords(tx: Queryable, clinicId: number, patientIds: number[] | 'all') {
  const only = patientIds === 'all' ? sql`` : sql`and p.id in (${sql.join(patientIds.map((id) => sql`${id}`), sql`, `)})`;
  if (patientIds !== 'all') {
    if (!patientIds.length) return;
    await tx
      .delete(patientSearchWords)
      .where(and(eq(patientSearchWords.clinicId, clinicId), inArray(patientSearchWords.patientId, patientIds)));
  }
  await tx.execute(sql`
    insert into patient_search_words (clinic_id, word, patient_id, name_normalized, listed)
    select distinct p.clinic_id, w.word, p.id, p.name_normalized, p.approval_status = 'approved' and p.deleted_at is null
    from patients p
    cross join lateral (select regexp_replace(coalesce(p.mobile, ''), '\\D', '', 'g') as digits) m
    cross join lateral unnest(
      string_to_array(p.name_normalized, ' ')
      || case when m.digits = '' then array[]::text[]
              else array[m.digits, substr(m.digits, 2), substr(m.digits, 3), substr(m.digits, 4)] end
    ) as w(word)
    where p.clinic_id = ${clinicId} ${only} and w.word <> ''
    on conflict do nothing`);
}

/** The first string after every string that starts with `prefix` (in code-point order). */
const after = (prefix: string) =>
  prefix.slice(0, -1) + String.fromCodePoint(prefix.codePointAt(prefix.length - 1)! + 1);

/**
 * The words of a quick-search text: folded name words, or the digits of a phone number. Mobiles are stored in E.164
 * (issue 18) and their words are the digits whole and without their first 1-3 (the country code), so a number typed
 * with the international prefix 00 drops it (00201001234567 is 201001234567), and one typed in its national form
 * drops its trunk 0 (01001234567 and 0501234567 start the words 1001234567 and 501234567).
 */
export function queryWords(text: string): string[] {
  const compact = text.replace(/[\s\-().+]/g, '');
  if (/^\d+$/.test(compact)) return [compact.replace(/^00(?=\d)|^0(?=[1-9])/, '')];
  return [...new Set(normalizeName(text).split(' ').filter(Boolean))];
}

/**
 * A value of a search statement, by name: the value itself as a parameter (`inlineArgs`), or a named placeholder of a
 * statement built once per shape and then only run (`sql.placeholder`, runBuilt in platform/db/json-list.ts).
 */
export type Arg = (name: string) => SQLWrapper;
export const inlineArgs = (values: Record<string, unknown>): Arg => (name) => {
  if (!(name in values)) throw new Error(`search statement: no value ${name}`);
  return sql`${values[name]}`;
};

/** What a search text makes of a statement (its shape), and the values it fills in: w<i>, w<i>to (each word's range), code. */
export function searchArgs(text: string) {
  const words = queryWords(text);
  const values: Record<string, unknown> = { code: text.trim() };
  words.forEach((w, i) => {
    values[`w${i}`] = w;
    values[`w${i}to`] = after(w);
  });
  return { words: words.length, numeric: words.length === 1 && /^\d+$/.test(words[0]!), values };
}
export type SearchShape = Pick<ReturnType<typeof searchArgs>, 'words' | 'numeric'>;

/**
 * The quick-search condition on `patients`: every word of the text starts a word of the patient (name words or
 * mobile digits), or the text is the patient's code. `arg` gives clinicId and the search's values.
 */
export function quickSearchBy(shape: SearchShape, arg: Arg): SQL {
  const byWord = Array.from(
    { length: shape.words },
    (_, i) => sql`select ${patientSearchWords.patientId} from ${patientSearchWords}
      where ${patientSearchWords.clinicId} = ${arg('clinicId')}
        and ${patientSearchWords.word} ~>=~ ${arg(`w${i}`)} and ${patientSearchWords.word} ~<~ ${arg(`w${i}to`)}`,
  );
  const byCode = sql`select ${patients.id} from ${patients} where ${patients.clinicId} = ${arg('clinicId')} and ${patients.code} = ${arg('code')}`;
  // = any(array(...)): the matching ids are computed once and looked up by primary key (an IN here was planned as
  // a hash join over every patient of the clinic)
  return sql`${patients.id} = any(array(${sql.join(byWord, sql` intersect `)} union ${byCode}))`;
}

export function quickSearch(clinicId: number, text: string | undefined): SQL | undefined {
  if (!text?.trim()) return undefined;
  const search = searchArgs(text);
  return quickSearchBy(search, inlineArgs({ ...search.values, clinicId }));
}

/** The words of the clinic's listed patients (approved, not deleted) that start with word i: patient_id, name_normalized. */
const wordMatches = (arg: Arg, i: number) => sql`select patient_id, name_normalized from patient_search_words
  where clinic_id = ${arg('clinicId')} and word ~>=~ ${arg(`w${i}`)} and word ~<~ ${arg(`w${i}to`)} and listed`;

/** The listed patient whose code is the text (patient_id, name_normalized), as in `quickSearch`. */
const codeMatch = (arg: Arg) => sql`select id, name_normalized from patients
  where clinic_id = ${arg('clinicId')} and code = ${arg('code')} and approval_status = 'approved' and deleted_at is null`;

export interface WordsPage {
  limit: number;
  offset: number;
  descending: boolean;
}

/**
 * The query of a quick search of the patients list sorted by name with no other filter, answered inside the words
 * index (which carries each word's patient name and `listed` flag): only the page's patients are read afterwards.
 * Its rows are (id, name_normalized, total).
 * - one word that is not a number: the words starting with it (or the code), the first `fetch` by name, and the
 *   number of distinct patients among all of them. A patient two of whose words match comes twice (`repeats`). This
 *   sorts only the first rows instead of grouping every match ('احم' matches 4,000 of 100,000).
 * - several words, or a number (mobile digits, or a code): the patients having a word starting with each word
 *   (INTERSECT), or whose code is the text (UNION), sorted and paged, with their count.
 */
export function wordsSearchQuery(clinicId: number, text: string, page: WordsPage & { fetch: number }) {
  const search = searchArgs(text);
  const arg = inlineArgs({ ...search.values, clinicId, limit: page.limit, offset: page.offset, fetch: page.fetch });
  return wordsSearchQueryBy(search, arg, page.descending);
}

/** wordsSearchQuery of a shape: `arg` gives clinicId, the search's values, limit, offset and fetch. */
function wordsSearchQueryBy(shape: SearchShape, arg: Arg, descending: boolean) {
  const direction = descending ? sql`desc` : sql`asc`;
  if (shape.words === 1 && !shape.numeric) {
    const matches = sql`${wordMatches(arg, 0)} union all ${codeMatch(arg)}`;
    return {
      repeats: true,
      query: sql`select patient_id as id, name_normalized, (select count(distinct patient_id) from (${matches}) d)::int as total
        from (${matches}) m
        order by name_normalized ${direction}, patient_id
        limit ${arg('fetch')}`,
    };
  }
  const byWords = Array.from({ length: shape.words }, (_, i) => sql`(${wordMatches(arg, i)})`);
  const matches = byWords.length ? sql`(${sql.join(byWords, sql` intersect `)}) union ${codeMatch(arg)}` : codeMatch(arg);
  return {
    repeats: false,
    query: sql`select patient_id as id, name_normalized, (count(*) over ())::int as total
      from (${matches}) m (patient_id, name_normalized)
      order by name_normalized ${direction}, patient_id
      limit ${arg('limit')} offset ${arg('offset')}`,
  };
}

/**
 * A quick search of the patients list sorted by name with no other filter (see `wordsSearchQuery`), as parts of one
 * statement: `with` (the words query, named m), `page` (the page's patients: id, n = their place on the page, in
 * name order), `total` (how many patients match; past the last page (`paged`: offset > 0) it is still counted) and
 * `complete` (false when the first `fetch` matches of a repeating query held too few distinct patients for the page:
 * ask again with a larger `fetch`). `arg` gives clinicId, the search's values, limit, offset, fetch and end (offset +
 * limit).
 */
export function wordsSearchPage(shape: SearchShape, arg: Arg, page: { descending: boolean; paged: boolean }) {
  const { query, repeats } = wordsSearchQueryBy(shape, arg, page.descending);
  const direction = page.descending ? sql`desc` : sql`asc`;
  const order = sql`order by name_normalized ${direction}, id`;
  const total = sql`(select total from m limit 1)`;
  if (repeats) {
    // a patient whose two words match comes twice, with the same name: distinct keeps one
    return {
      with: sql`with m as (${query})`,
      page: sql`select id, row_number() over (${order}) as n from (select distinct id, name_normalized from m) d ${order}
        limit ${arg('limit')} offset ${arg('offset')}`,
      total: sql`coalesce(${total}, 0)`,
      complete: sql`((select count(distinct id) from m) >= least(coalesce(${total}, 0), ${arg('end')})
        or (select count(*) from m) < ${arg('fetch')})`,
    };
  }
  const one = (name: string) => (name === 'limit' || name === 'fetch' ? sql.raw('1') : name === 'offset' ? sql.raw('0') : arg(name));
  const counted = wordsSearchQueryBy(shape, one, page.descending).query;
  return {
    with: sql`with m as (${query})`,
    page: sql`select id, row_number() over (${order}) as n from m`,
    // past the last page: the count alone
    total: page.paged ? sql`coalesce(${total}, (select total from (${counted}) c), 0)` : sql`coalesce(${total}, 0)`,
    complete: sql`true`,
  };
}
