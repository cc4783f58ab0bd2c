import type { PrescriptionDrugInput, PrescriptionDrugItem } from '@dental/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/types.js';
import { fail } from '../../platform/errors.js';

/*
 * Drug lines, the same for a prescription (prescription_drugs.prescription_id) and a template
 * (prescription_template_drugs.template_id): resolved against the clinic's drug list, then written as the whole list.
 */

export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
export const idList = (ids: readonly number[]) => sql.join(ids.map((i) => sql`${i}`), sql`, `);

/** Where the lines of one kind of parent live. */
export interface LineTable {
  table: 'prescription_drugs' | 'prescription_template_drugs';
  parent: 'prescription_id' | 'template_id';
}
export const PRESCRIPTION_LINES: LineTable = { table: 'prescription_drugs', parent: 'prescription_id' };
export const TEMPLATE_LINES: LineTable = { table: 'prescription_template_drugs', parent: 'template_id' };

/** A line ready to write: its drug's name resolved (a chosen drug's current name, else the typed one). */
type ResolvedLine = Omit<PrescriptionDrugInput, 'productId' | 'drugName'> & { drugName: string; productId: number | null };

/**
 * The lines' drugs of the clinic's list with their names; a productId that is not the clinic's: 404
 * prescription_drug_not_found (on `drugs.<i>.productId`).
 */
export async function resolveDrugs(tx: Tx, clinicId: number, lines: readonly PrescriptionDrugInput[]): Promise<ResolvedLine[]> {
  const ids = [...new Set(lines.flatMap((l) => (l.productId ? [l.productId] : [])))];
  const names = new Map<number, string>();
  if (ids.length) {
    const rows = rowsOf<{ id: number; name: string }>(
      await tx.execute(sql`select id, name from medical_products where clinic_id = ${clinicId} and id in (${idList(ids)})`),
    );
    for (const r of rows) names.set(Number(r.id), r.name);
  }
  return lines.map((line, i) => {
    if (line.productId && !names.has(line.productId))
      fail('prescription_drug_not_found', { [`drugs.${i}.productId`]: 'prescription_drug_not_found' });
    return { ...line, productId: line.productId ?? null, drugName: line.productId ? names.get(line.productId)! : line.drugName! };
  });
}

/**
 * Makes the parent's lines exactly `lines`, in this order: a line with an id updates that line of this parent (any
 * other id: 404 prescription_drug_not_found), a line without one is added, the parent's lines not listed are removed.
 * The caller holds the parent's row lock.
 */
export async function writeLines(tx: Tx, where: LineTable, clinicId: number, parentId: number, lines: readonly ResolvedLine[]) {
  const table = sql.identifier(where.table);
  const parent = sql.identifier(where.parent);
  const existing = rowsOf<{ id: number }>(
    await tx.execute(sql`select id from ${table} where clinic_id = ${clinicId} and ${parent} = ${parentId}`),
  ).map((r) => Number(r.id));
  lines.forEach((l, i) => {
    if (l.id && !existing.includes(l.id)) fail('prescription_drug_not_found', { [`drugs.${i}.id`]: 'prescription_drug_not_found' });
  });
  const kept = lines.flatMap((l) => (l.id ? [l.id] : []));
  const gone = existing.filter((id) => !kept.includes(id));
  if (gone.length) await tx.execute(sql`delete from ${table} where clinic_id = ${clinicId} and id in (${idList(gone)})`);
  for (const [i, l] of lines.entries()) {
    const values = {
      lineNo: i + 1,
      productId: l.productId,
      drugName: l.drugName,
      dosage: l.dosage || null,
      duration: l.duration || null,
      timesPerDay: l.timesPerDay ?? null,
      mealTiming: l.mealTiming,
      repeatCount: l.repeat,
      notes: l.notes || null,
    };
    if (l.id)
      await tx.execute(sql`update ${table} set line_no = ${values.lineNo}, product_id = ${values.productId},
        drug_name = ${values.drugName}, dosage = ${values.dosage}, duration = ${values.duration},
        times_per_day = ${values.timesPerDay}, meal_timing = ${values.mealTiming}, repeat_count = ${values.repeatCount},
        notes = ${values.notes} where clinic_id = ${clinicId} and id = ${l.id}`);
    else
      await tx.execute(sql`insert into ${table} (clinic_id, ${parent}, line_no, product_id, drug_name, dosage, duration,
          times_per_day, meal_timing, repeat_count, notes)
        values (${clinicId}, ${parentId}, ${values.lineNo}, ${values.productId}, ${values.drugName}, ${values.dosage},
          ${values.duration}, ${values.timesPerDay}, ${values.mealTiming}, ${values.repeatCount}, ${values.notes})`);
  }
}

/** Copies every line of one parent to another (of the same or the other kind), in order. */
export async function copyLines(tx: Tx, from: LineTable, fromId: number, to: LineTable, toId: number, clinicId: number) {
  await tx.execute(sql`insert into ${sql.identifier(to.table)} (clinic_id, ${sql.identifier(to.parent)}, line_no, product_id,
      drug_name, dosage, duration, times_per_day, meal_timing, repeat_count, notes)
    select clinic_id, ${toId}, line_no, product_id, drug_name, dosage, duration, times_per_day, meal_timing, repeat_count, notes
    from ${sql.identifier(from.table)} where clinic_id = ${clinicId} and ${sql.identifier(from.parent)} = ${fromId}
    order by line_no, id`);
}

/** A line as reads show it (the columns of `lineSelect`). */
const lineSelect = (alias: string): SQL =>
  sql.raw(`${alias}.id, ${alias}.product_id as "productId", ${alias}.drug_name as "drugName", ${alias}.dosage,
    ${alias}.duration, ${alias}.times_per_day as "timesPerDay", ${alias}.meal_timing as "mealTiming",
    ${alias}.repeat_count as "repeat", ${alias}.notes`);

/** The lines of one parent, in order. */
export async function readLines(tx: Tx, where: LineTable, clinicId: number, parentId: number): Promise<PrescriptionDrugItem[]> {
  const rows = rowsOf<PrescriptionDrugItem>(
    await tx.execute(sql`select ${lineSelect('l')} from ${sql.identifier(where.table)} l
      where l.clinic_id = ${clinicId} and l.${sql.identifier(where.parent)} = ${parentId} order by l.line_no, l.id`),
  );
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    productId: r.productId === null ? null : Number(r.productId),
    timesPerDay: r.timesPerDay === null ? null : Number(r.timesPerDay),
    repeat: Number(r.repeat),
  }));
}

/** The drug names of a parent, in line order, as a SQL array (for lists). */
export const drugNamesOf = (where: LineTable, clinicId: SQL, parentId: SQL) =>
  sql`coalesce((select array_agg(l.drug_name order by l.line_no, l.id) from ${sql.identifier(where.table)} l
    where l.clinic_id = ${clinicId} and l.${sql.identifier(where.parent)} = ${parentId}), '{}')`;
