import type { PrescriptionTemplate, PrescriptionTemplateListItem, SavePrescriptionTemplateInput } from '@dental/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { ClinicSession } from '../../platform/auth/session.js';
import type { Tx } from '../../platform/db/types.js';
import { fail } from '../../platform/errors.js';
import { assertNamesFree } from '../../platform/db/unique-names.js';
import { TEMPLATE_LINES, drugNamesOf, idList, readLines, resolveDrugs, rowsOf, writeLines } from './drug-lines.js';
import { prescriptionTemplates } from './prescriptions.table.js';

/*
 * Prescription templates (docs/prescriptions.md): named drug lists of the clinic. A name is checked free under an
 * advisory lock per name (assertNamesFree), and the unique index on lower(name) is the last word (409 name_exists).
 */

/** The clinic's template `id`, locked (FOR UPDATE) when it is about to change (404 prescription_template_not_found). */
async function lockTemplate(tx: Tx, clinicId: number, id: number) {
  const [row] = rowsOf<{ id: number }>(
    await tx.execute(sql`select id from prescription_templates where clinic_id = ${clinicId} and id = ${id} for update`),
  );
  if (!row) fail('prescription_template_not_found');
}

const SORTS = { name: sql.raw('lower(t.name)'), updatedAt: sql.raw('t.updated_at') } as const;

/** Prescription/GetPrescriptionTemplates: by name (or last change), a part of the name to search, paged. */
export async function listTemplates(
  tx: Tx,
  clinicId: number,
  input: { search?: string; sortField?: 'name' | 'updatedAt'; sortOrder?: 'ascend' | 'descend'; page: number; pageSize: number },
) {
  const search = input.search ? `%${input.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = sql`t.clinic_id = ${clinicId} ${search ? sql`and lower(t.name) like ${search}` : sql``}`;
  const [count] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from prescription_templates t where ${where}`));
  const order = input.sortOrder === 'descend' ? sql.raw('desc') : sql.raw('asc');
  const rows = rowsOf<PrescriptionTemplateListItem>(
    await tx.execute(sql`select t.id, t.name, ${drugNamesOf(TEMPLATE_LINES, sql`t.clinic_id`, sql`t.id`)} as "drugNames",
        t.updated_at as "updatedAt"
      from prescription_templates t where ${where}
      order by ${SORTS[input.sortField ?? 'name']} ${order}, t.id
      limit ${input.pageSize} offset ${(input.page - 1) * input.pageSize}`),
  );
  return {
    items: rows.map((r) => ({ ...r, id: Number(r.id), updatedAt: new Date(r.updatedAt).toISOString() })),
    total: Number(count!.n),
    page: input.page,
    pageSize: input.pageSize,
  };
}

/** Prescription/GetPrescriptionTemplate: one template with its lines. */
export async function getTemplate(tx: Tx, clinicId: number, id: number): Promise<PrescriptionTemplate> {
  const [row] = rowsOf<{ id: number; name: string; notes: string | null; updatedAt: string }>(
    await tx.execute(sql`select id, name, notes, updated_at as "updatedAt" from prescription_templates
      where clinic_id = ${clinicId} and id = ${id}`),
  );
  if (!row) return fail('prescription_template_not_found');
  return {
    id,
    name: row.name,
    notes: row.notes,
    drugs: await readLines(tx, TEMPLATE_LINES, clinicId, id),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

/** Prescription/SavePrescriptionTemplate: a new template or an update, with its whole drug list. */
export async function saveTemplate(tx: Tx, session: ClinicSession, input: SavePrescriptionTemplateInput) {
  const { clinicId } = session;
  if (input.id) await lockTemplate(tx, clinicId, input.id);
  const others = and(eq(prescriptionTemplates.clinicId, clinicId), input.id ? ne(prescriptionTemplates.id, input.id) : undefined);
  await assertNamesFree(tx, prescriptionTemplates, others, { name: [prescriptionTemplates.name, input.name] });
  const lines = await resolveDrugs(tx, clinicId, input.drugs);
  let id = input.id;
  if (id) {
    await tx.execute(sql`update prescription_templates set name = ${input.name}, notes = ${input.notes || null}, updated_at = now()
      where clinic_id = ${clinicId} and id = ${id}`);
  } else {
    const [row] = rowsOf<{ id: number }>(
      await tx.execute(sql`insert into prescription_templates (clinic_id, name, notes, created_by)
        values (${clinicId}, ${input.name}, ${input.notes || null}, ${session.userId}) returning id`),
    );
    id = Number(row!.id);
  }
  await writeLines(tx, TEMPLATE_LINES, clinicId, id, lines);
  return { id };
}

/** Prescription/DeletePrescriptionTemplate: the template and its lines. */
export async function deleteTemplate(tx: Tx, clinicId: number, id: number) {
  await lockTemplate(tx, clinicId, id);
  await tx.execute(sql`delete from prescription_templates where clinic_id = ${clinicId} and id = ${id}`);
  return { ok: true as const };
}

/** Prescription/DeletePrescriptionTemplateDrugs: lines of the clinic's templates, all or nothing. */
export async function deleteTemplateDrugs(tx: Tx, clinicId: number, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  const lines = rowsOf<{ id: number; templateId: number }>(
    await tx.execute(sql`select id, template_id as "templateId" from prescription_template_drugs
      where clinic_id = ${clinicId} and id in (${idList(unique)})`),
  );
  if (lines.length !== unique.length) fail('prescription_drug_not_found');
  const parents = [...new Set(lines.map((l) => Number(l.templateId)))].sort((a, b) => a - b);
  for (const p of parents) await lockTemplate(tx, clinicId, p);
  await tx.execute(sql`delete from prescription_template_drugs where clinic_id = ${clinicId} and id in (${idList(unique)})`);
  await tx.execute(sql`update prescription_templates set updated_at = now() where clinic_id = ${clinicId} and id in (${idList(parents)})`);
  return { ok: true as const };
}
