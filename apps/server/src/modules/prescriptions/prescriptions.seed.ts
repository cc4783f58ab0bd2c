import type { DrugMealTiming } from '@dental/contract';
import { sql } from 'drizzle-orm';
import { withTenant } from '../../platform/db/tenancy.js';
import type { Db, Tx } from '../../platform/db/types.js';
import { rowsOf } from './drug-lines.js';

interface DemoLine {
  drug: string;
  /** Typed (not in the clinic's drug list). */
  typed?: boolean;
  dosage: string;
  duration: string;
  timesPerDay: number;
  mealTiming: DrugMealTiming;
  notes?: string;
}

const days = (n: number) => `${n} أيام / ${n} days / ${n} jours`;

/** Three common dental templates; names and notes in Arabic, English and French (whoever reads them). */
export const DEMO_TEMPLATES: Array<{ name: string; notes: string; lines: DemoLine[] }> = [
  {
    name: 'بعد الخلع / After extraction / Après extraction',
    notes: 'كمادات باردة أول 24 ساعة / Cold packs for the first 24 hours / Poches de froid les premières 24 heures',
    lines: [
      { drug: 'Amoxicillin', dosage: '500 mg', duration: days(5), timesPerDay: 3, mealTiming: 'after' },
      { drug: 'Ibuprofen', dosage: '400 mg', duration: days(3), timesPerDay: 3, mealTiming: 'after', notes: 'عند اللزوم للألم / As needed for pain / Si douleur' },
      {
        drug: 'Chlorhexidine 0.12% mouthwash', typed: true, dosage: '10 ml', duration: days(7), timesPerDay: 2, mealTiming: 'after',
        notes: 'مضمضة بعد 24 ساعة من الخلع / Rinse from 24 hours after the extraction / Bain de bouche 24 heures après l’extraction',
      },
    ],
  },
  {
    name: 'ألم علاج العصب / Endodontic pain / Douleur endodontique',
    notes: 'راجع العيادة إذا استمر الألم / Come back if the pain persists / Revenir si la douleur persiste',
    lines: [
      { drug: 'Ibuprofen', dosage: '400 mg', duration: days(3), timesPerDay: 3, mealTiming: 'after' },
      { drug: 'Paracetamol', dosage: '500 mg', duration: days(3), timesPerDay: 4, mealTiming: 'any', notes: 'لا تتجاوز 4 جرام يوميًا / Not more than 4 g a day / Pas plus de 4 g par jour' },
    ],
  },
  {
    name: 'عدوى / Infection / Infection',
    notes: 'أكمل المضاد الحيوي حتى النهاية / Finish the antibiotic course / Terminer le traitement antibiotique',
    lines: [
      { drug: 'Amoxicillin', dosage: '500 mg', duration: days(7), timesPerDay: 3, mealTiming: 'after' },
      { drug: 'Metronidazole', dosage: '500 mg', duration: days(7), timesPerDay: 3, mealTiming: 'after', notes: 'تجنب الكحول / Avoid alcohol / Éviter l’alcool' },
      { drug: 'Paracetamol', dosage: '500 mg', duration: days(3), timesPerDay: 3, mealTiming: 'any' },
    ],
  },
];

async function insertLines(tx: Tx, clinicId: number, table: string, parent: string, parentId: number, lines: DemoLine[]) {
  for (const [i, l] of lines.entries()) {
    const product = l.typed
      ? sql`null`
      : sql`(select id from medical_products where clinic_id = ${clinicId} and lower(name) = lower(${l.drug}) limit 1)`;
    await tx.execute(sql`insert into ${sql.identifier(table)} (clinic_id, ${sql.identifier(parent)}, line_no, product_id, drug_name,
        dosage, duration, times_per_day, meal_timing, notes)
      values (${clinicId}, ${parentId}, ${i + 1}, ${product}, ${l.drug}, ${l.dosage}, ${l.duration}, ${l.timesPerDay},
        ${l.mealTiming}, ${l.notes ?? null})`);
  }
}

/**
 * Demo prescriptions: the three templates, and for the demo patients (when the clinic has a doctor) a published
 * prescription after an extraction for the second patient and a draft for endodontic pain for the first (who is
 * allergic to penicillin: the page shows the alert, and the draft holds no penicillin). Does nothing when the clinic
 * already has templates.
 */
export async function seedDemoPrescriptions(db: Db, clinicId: number) {
  await withTenant(db, clinicId, async (tx) => {
    const [already] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from prescription_templates where clinic_id = ${clinicId}`));
    if (Number(already!.n)) return;
    const [setup] = rowsOf<{ ownerId: number | null; doctorId: number | null }>(
      await tx.execute(sql`select
          (select u.id from users u join roles r on r.clinic_id = u.clinic_id and r.id = u.role_id
            where u.clinic_id = ${clinicId} and r.base_role = 'RL1' order by u.id limit 1) as "ownerId",
          (select u.id from users u where u.clinic_id = ${clinicId} and u.is_doctor and u.is_active and u.deleted_at is null
            order by u.id limit 1) as "doctorId"`),
    );
    if (!setup?.ownerId) return;
    const ownerId = Number(setup.ownerId);
    for (const t of DEMO_TEMPLATES) {
      const [row] = rowsOf<{ id: number }>(
        await tx.execute(sql`insert into prescription_templates (clinic_id, name, notes, created_by)
          values (${clinicId}, ${t.name}, ${t.notes}, ${ownerId}) returning id`),
      );
      await insertLines(tx, clinicId, 'prescription_template_drugs', 'template_id', Number(row!.id), t.lines);
    }
    if (!setup.doctorId) return;
    const doctorId = Number(setup.doctorId);
    const patients = rowsOf<{ id: number; branchId: number }>(
      await tx.execute(sql`select p.id, (select min(pb.branch_id) from patient_branches pb
            where pb.clinic_id = p.clinic_id and pb.patient_id = p.id) as "branchId"
        from patients p where p.clinic_id = ${clinicId} and p.deleted_at is null order by p.id limit 2`),
    );
    const [first, second] = patients;
    const write = async (
      patient: { id: number; branchId: number },
      daysAgo: number,
      diagnosis: string,
      template: (typeof DEMO_TEMPLATES)[number],
      published: boolean,
    ) => {
      if (!patient.branchId) return;
      const [row] = rowsOf<{ id: number }>(
        await tx.execute(sql`insert into prescriptions (clinic_id, patient_id, doctor_id, branch_id, date, diagnosis, notes, created_by)
          values (${clinicId}, ${patient.id}, ${doctorId}, ${patient.branchId},
            ((now() at time zone (select time_zone from clinics where id = ${clinicId}))::date - ${daysAgo}::int),
            ${diagnosis}, ${template.notes}, ${doctorId}) returning id`),
      );
      const id = Number(row!.id);
      await insertLines(tx, clinicId, 'prescription_drugs', 'prescription_id', id, template.lines);
      if (published)
        await tx.execute(sql`update prescriptions set status = 'published', published_at = now(), published_by = ${doctorId}
          where clinic_id = ${clinicId} and id = ${id}`);
    };
    if (second) await write(second, 3, 'خلع ضرس العقل السفلي الأيمن / Lower right wisdom tooth extraction', DEMO_TEMPLATES[0]!, true);
    if (first) await write(first, 0, 'التهاب لب السن الحاد / Acute pulpitis', DEMO_TEMPLATES[1]!, false);
  });
}
