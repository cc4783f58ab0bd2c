import { type DrugMealTiming, LANGUAGES, type Language } from '@dental/contract';
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

type DemoTemplate = { name: string; notes: string; lines: DemoLine[] };

/** Words of the demo templates in one language: names and notes as a dentist of that language would type them. */
interface DemoWords {
  days: (n: number) => string;
  extraction: string; cold: string; asNeeded: string; rinse: string;
  endo: string; comeBack: string; max4g: string;
  infection: string; finish: string; alcohol: string;
}

const WORDS: Record<Language, DemoWords> = {
  ar: {
    days: (n) => `${n} أيام`,
    extraction: 'بعد الخلع', cold: 'كمادات باردة أول 24 ساعة', asNeeded: 'عند اللزوم للألم', rinse: 'مضمضة بعد 24 ساعة من الخلع',
    endo: 'ألم علاج العصب', comeBack: 'راجع العيادة إذا استمر الألم', max4g: 'لا تتجاوز 4 جرام يوميًا',
    infection: 'عدوى', finish: 'أكمل المضاد الحيوي حتى النهاية', alcohol: 'تجنب الكحول',
  },
  en: {
    days: (n) => `${n} days`,
    extraction: 'After extraction', cold: 'Cold packs for the first 24 hours', asNeeded: 'As needed for pain', rinse: 'Rinse from 24 hours after the extraction',
    endo: 'Endodontic pain', comeBack: 'Come back if the pain persists', max4g: 'Not more than 4 g a day',
    infection: 'Infection', finish: 'Finish the antibiotic course', alcohol: 'Avoid alcohol',
  },
  fr: {
    days: (n) => `${n} jours`,
    extraction: 'Après extraction', cold: 'Poches de froid les premières 24 heures', asNeeded: 'Si douleur', rinse: 'Bain de bouche 24 heures après l’extraction',
    endo: 'Douleur endodontique', comeBack: 'Revenir si la douleur persiste', max4g: 'Pas plus de 4 g par jour',
    // "Infection" is the English name too: template names are unique in a clinic, ignoring case
    infection: 'Infection dentaire', finish: 'Terminer le traitement antibiotique', alcohol: 'Éviter l’alcool',
  },
};

/** The three common dental templates (after extraction, endodontic pain, infection) in one language. */
function templatesIn(lang: Language): DemoTemplate[] {
  const w = WORDS[lang];
  return [
    {
      name: w.extraction,
      notes: w.cold,
      lines: [
        { drug: 'Amoxicillin', dosage: '500 mg', duration: w.days(5), timesPerDay: 3, mealTiming: 'after' },
        { drug: 'Ibuprofen', dosage: '400 mg', duration: w.days(3), timesPerDay: 3, mealTiming: 'after', notes: w.asNeeded },
        { drug: 'Chlorhexidine 0.12% mouthwash', typed: true, dosage: '10 ml', duration: w.days(7), timesPerDay: 2, mealTiming: 'after', notes: w.rinse },
      ],
    },
    {
      name: w.endo,
      notes: w.comeBack,
      lines: [
        { drug: 'Ibuprofen', dosage: '400 mg', duration: w.days(3), timesPerDay: 3, mealTiming: 'after' },
        { drug: 'Paracetamol', dosage: '500 mg', duration: w.days(3), timesPerDay: 4, mealTiming: 'any', notes: w.max4g },
      ],
    },
    {
      name: w.infection,
      notes: w.finish,
      lines: [
        { drug: 'Amoxicillin', dosage: '500 mg', duration: w.days(7), timesPerDay: 3, mealTiming: 'after' },
        { drug: 'Metronidazole', dosage: '500 mg', duration: w.days(7), timesPerDay: 3, mealTiming: 'after', notes: w.alcohol },
        { drug: 'Paracetamol', dosage: '500 mg', duration: w.days(3), timesPerDay: 3, mealTiming: 'any' },
      ],
    },
  ];
}

/**
 * One set of the three templates per language (Arabic, English, French), each read naturally in its language (the
 * drug names are the international ones); the demo prescriptions are written from the Arabic set (the demo clinic
 * is Egyptian and so are its patients).
 */
export const DEMO_TEMPLATES_BY_LANGUAGE: Record<Language, DemoTemplate[]> = {
  ar: templatesIn('ar'),
  en: templatesIn('en'),
  fr: templatesIn('fr'),
};
export const DEMO_TEMPLATES: DemoTemplate[] = LANGUAGES.flatMap((lang) => DEMO_TEMPLATES_BY_LANGUAGE[lang]);

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
 * Demo prescriptions: the three templates in each language, and for the demo patients (by a doctor of the clinic, the operator RL3
 * first) a published prescription after an extraction for the second patient and a draft for endodontic pain for
 * the first (who is allergic to penicillin: the page shows the alert, and the draft holds no penicillin). Does
 * nothing when the clinic already has templates.
 */
export async function seedDemoPrescriptions(db: Db, clinicId: number) {
  await withTenant(db, clinicId, async (tx) => {
    const [already] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from prescription_templates where clinic_id = ${clinicId}`));
    if (Number(already!.n)) return;
    const [setup] = rowsOf<{ ownerId: number | null; doctorId: number | null }>(
      await tx.execute(sql`select
          (select u.id from users u join roles r on r.clinic_id = u.clinic_id and r.id = u.role_id
            where u.clinic_id = ${clinicId} and r.base_role = 'RL1' order by u.id limit 1) as "ownerId",
          (select u.id from users u join roles r on r.clinic_id = u.clinic_id and r.id = u.role_id
            where u.clinic_id = ${clinicId} and u.is_doctor and u.is_active and u.deleted_at is null
            order by r.base_role = 'RL3' desc, u.id limit 1) as "doctorId"`),
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
      template: DemoTemplate,
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
    if (second) await write(second, 3, 'خلع ضرس العقل السفلي الأيمن', DEMO_TEMPLATES_BY_LANGUAGE.ar[0]!, true);
    if (first) await write(first, 0, 'التهاب لب السن الحاد', DEMO_TEMPLATES_BY_LANGUAGE.ar[1]!, false);
  });
}
