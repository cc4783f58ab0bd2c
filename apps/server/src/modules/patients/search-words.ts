import { normalizeName } from '@dental/contract';
import { type SQL, and, eq, inArray, sql } from 'drizzle-orm';
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

/** The words of a quick-search text: folded name words, or the digits of a phone number. */
export function queryWords(text: string): string[] {
  const compact = text.replace(/[\s\-().+]/g, '');
  if (/^\d+$/.test(compact)) return [compact];
  return [...new Set(normalizeName(text).split(' ').filter(Boolean))];
}

/**
 * The quick-search condition on `patients`: every word of the text starts a word of the patient (name words or
 * mobile digits), or the text is the patient's code.
 */
export function quickSearch(clinicId: number, text: string | undefined): SQL | undefined {
  if (!text?.trim()) return undefined;
  const byWord = queryWords(text).map(
    (w) => sql`select ${patientSearchWords.patientId} from ${patientSearchWords}
      where ${patientSearchWords.clinicId} = ${clinicId}
        and ${patientSearchWords.word} ~>=~ ${w} and ${patientSearchWords.word} ~<~ ${after(w)}`,
  );
  const byCode = sql`select ${patients.id} from ${patients} where ${patients.clinicId} = ${clinicId} and ${patients.code} = ${text.trim()}`;
  // = any(array(...)): the matching ids are computed once and looked up by primary key (an IN here was planned as
  // a hash join over every patient of the clinic)
  return sql`${patients.id} = any(array(${sql.join(byWord, sql` intersect `)} union ${byCode}))`;
}

/**
 * A one-word search of the patients list sorted by name, answered inside the words index: the matching patients'
 * ids in name order for one page, with their count. Null when the text cannot take this path (several words, or
 * digits only, which may also be a code).
 */
export async function searchOneWord(
  tx: Queryable,
  clinicId: number,
  text: string,
  page: { limit: number; offset: number; descending: boolean },
): Promise<{ ids: number[]; total: number } | null> {
  const words = queryWords(text);
  if (words.length !== 1 || /^\d+$/.test(words[0]!)) return null;
  const w = words[0]!;
  const direction = page.descending ? sql`desc` : sql`asc`;
  const rows = (
    (await tx.execute(sql`
      select patient_id as id, count(*) over () as total
      from patient_search_words
      where clinic_id = ${clinicId} and word ~>=~ ${w} and word ~<~ ${after(w)} and listed
      group by patient_id
      order by min(name_normalized) ${direction}, patient_id
      limit ${page.limit} offset ${page.offset}`)) as unknown as { rows: Array<{ id: string | number; total: string | number }> }
  ).rows;
  return { ids: rows.map((r) => Number(r.id)), total: rows.length ? Number(rows[0]!.total) : -1 };
}
