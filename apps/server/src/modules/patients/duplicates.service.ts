import type { DuplicateGroup } from '@dental/contract';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queryable, Tx } from '../../platform/db/types.js';
import { listResult } from '../../platform/db/list-query.js';
import { fail } from '../../platform/errors.js';
import { insuranceCompanies } from '../insurance/insurance.table.js';
import { type PatientScope, assertPatientsInScope, visiblePatients } from './patient-guard.js';
import { toListItem } from './patient-search.service.js';
import { patients } from './patients.table.js';
import { refreshSearchWords } from './search-words.js';

type Reason = DuplicateGroup['reason'];
const COLUMN: Record<Reason, string> = { name: 'name_normalized', mobile: 'mobile', nationalId: 'national_id' };

const rowsOf = async <T>(tx: Queryable, query: ReturnType<typeof sql>) =>
  ((await tx.execute(query)) as unknown as { rows: T[] }).rows;

/**
 * GetDuplicatedPatients: groups of live patients sharing a normalised name, a mobile or a national id, paged by
 * group, each with its patients. A branch-limited user sees the groups among the patients of their branches.
 */
export async function duplicateGroups(
  tx: Tx,
  scope: PatientScope,
  input: { reason?: Reason; page: number; pageSize: number },
) {
  const { clinicId } = scope;
  const inScope = visiblePatients(scope);
  const reasons = input.reason ? [input.reason] : (Object.keys(COLUMN) as Reason[]);
  const parts = reasons.map(
    (r) => sql`select ${r}::text as reason, ${sql.identifier(COLUMN[r])}::text as value from patients
      where clinic_id = ${clinicId} and deleted_at is null and ${sql.identifier(COLUMN[r])} is not null
        and ${sql.identifier(COLUMN[r])} <> ''${inScope ? sql` and ${inScope}` : sql``}
      group by ${sql.identifier(COLUMN[r])} having count(*) > 1`,
  );
  const groups = await rowsOf<{ reason: Reason; value: string; total: string }>(
    tx,
    sql`select reason, value, count(*) over () as total from (${sql.join(parts, sql` union all `)}) g
        order by reason, value limit ${input.pageSize} offset ${(input.page - 1) * input.pageSize}`,
  );
  const parent = alias(patients, 'parent');
  const items: DuplicateGroup[] = [];
  for (const g of groups) {
    const column = { name: patients.nameNormalized, mobile: patients.mobile, nationalId: patients.nationalId }[g.reason];
    const rows = await tx
      .select({ p: patients, parentName: parent.name, insuranceCompanyName: insuranceCompanies.name })
      .from(patients)
      .leftJoin(parent, and(eq(parent.clinicId, patients.clinicId), eq(parent.id, patients.parentId)))
      .leftJoin(
        insuranceCompanies,
        and(eq(insuranceCompanies.clinicId, patients.clinicId), eq(insuranceCompanies.id, patients.insuranceCompanyId)),
      )
      .where(and(eq(patients.clinicId, clinicId), isNull(patients.deletedAt), eq(column, g.value), inScope))
      .orderBy(patients.createdAt, patients.id);
    items.push({ reason: g.reason, value: g.value, patients: rows.map(toListItem) });
  }
  const total = groups.length ? Number(groups[0]!.total) : 0;
  return listResult(items, total, input);
}

interface PatientReference {
  table: string;
  column: string;
  /** Other columns of each unique key (primary key included) that contains the patient column. */
  uniqueKeys: string[][];
}
let referencesCache: Promise<PatientReference[]> | undefined;

/**
 * Every column that references a patient, read from the catalogue, so a table added by any module is merged
 * without being registered. Unique keys that contain the column tell where both patients may hold the same record.
 */
export function patientReferences(db: Queryable): Promise<PatientReference[]> {
  referencesCache ??= (async () => {
    const refs = await rowsOf<{ table: string; column: string; attnum: number; relid: number }>(
      db,
      sql`select c.conrelid::regclass::text as "table", a.attname as "column", a.attnum, c.conrelid::int as relid
          from pg_constraint c
          cross join lateral unnest(c.conkey, c.confkey) as k(col, refcol)
          join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.col
          join pg_attribute r on r.attrelid = c.confrelid and r.attnum = k.refcol
          where c.contype = 'f' and c.confrelid = 'patients'::regclass and r.attname = 'id'`,
    );
    const result: PatientReference[] = [];
    for (const ref of refs) {
      const keys = await rowsOf<{ cols: string[] }>(
        db,
        sql`select array(select a.attname from unnest(i.indkey) with ordinality k(n, o)
                         join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.n order by k.o)::text[] as cols
            from pg_index i
            where i.indrelid = ${ref.relid} and i.indisunique and i.indexprs is null
              and ${ref.attnum} = any(i.indkey::int2[])`,
      );
      result.push({
        table: ref.table.replace(/^"|"$/g, ''),
        column: ref.column,
        uniqueKeys: keys.map((k) => k.cols.filter((c) => c !== ref.column && c !== 'clinic_id')),
      });
    }
    return result;
  })();
  return referencesCache;
}

/**
 * MergePatients, in the request's one transaction: for every table that references patients, the duplicates'
 * rows move to the kept patient; where the kept patient already holds the same record (a unique key, e.g. a
 * charted tooth or a questionnaire answer) the kept patient's row wins. The duplicates are then retired
 * (deleted, pointing at the kept patient).
 */
export async function mergePatients(tx: Tx, scope: PatientScope, keepId: number, mergeIds: number[]) {
  const { clinicId } = scope;
  const ids = [...new Set(mergeIds)];
  await assertPatientsInScope(tx, scope, [keepId, ...ids]);
  const found = await tx
    .select({ id: patients.id })
    .from(patients)
    .where(and(eq(patients.clinicId, clinicId), inArray(patients.id, [keepId, ...ids]), isNull(patients.deletedAt)));
  if (found.length !== ids.length + 1) fail('patient_not_found');
  const refs = await patientReferences(tx);
  for (const dup of ids) {
    for (const ref of refs) {
      const t = sql.identifier(ref.table);
      const col = sql.identifier(ref.column);
      for (const others of ref.uniqueKeys) {
        const same = others.map((c) => sql`k.${sql.identifier(c)} is not distinct from d.${sql.identifier(c)}`);
        await tx.execute(sql`delete from ${t} d where d.clinic_id = ${clinicId} and d.${col} = ${dup}
          and exists (select 1 from ${t} k where k.clinic_id = ${clinicId} and k.${col} = ${keepId}
                      ${same.length ? sql`and ${sql.join(same, sql` and `)}` : sql``})`);
      }
      // a dependant of the duplicate becomes the kept patient's, unless that would make the kept patient its own
      const notSelf = ref.table === 'patients' ? sql` and id <> ${keepId}` : sql``;
      await tx.execute(sql`update ${t} set ${col} = ${keepId} where clinic_id = ${clinicId} and ${col} = ${dup}${notSelf}`);
    }
    await tx
      .update(patients)
      .set({ parentId: null })
      .where(and(eq(patients.clinicId, clinicId), eq(patients.id, keepId), eq(patients.parentId, dup)));
    await tx
      .update(patients)
      .set({ deletedAt: new Date(), mergedIntoId: keepId, parentId: null, updatedAt: new Date() })
      .where(and(eq(patients.clinicId, clinicId), eq(patients.id, dup)));
  }
  // the words moved from the duplicates are rewritten: the kept patient's own, the duplicates' no longer listed
  await refreshSearchWords(tx, clinicId, [keepId, ...ids]);
  return { updated: ids.length };
}
