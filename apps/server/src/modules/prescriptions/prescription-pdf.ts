import { type DrugMealTiming, type Language, type PrescriptionDoc, type PrintSettingsItem, LANGUAGES } from '@dental/contract';
import type { ClinicSession } from '../../platform/auth/session.js';
import type { Tx } from '../../platform/db/types.js';
import type { FileStore } from '../../platform/files/file-store.js';
import type { PdfBlock, PdfDocumentModel } from '../../platform/pdf/model.js';
import { renderPdf } from '../../platform/pdf/render.js';
import { type Letterhead, type PdfFile, documentOf, labelsOf, loadLetterhead, settingsFor } from '../documents/index.js';
import { getPrescriptionDoc } from './prescriptions.service.js';

/** Every word of a printed prescription, in Arabic, English and French. */
const RX_LABELS = {
  title: { ar: 'وصفة طبية', en: 'Prescription', fr: 'Ordonnance' },
  draft: { ar: 'مسودة — غير منشورة', en: 'Draft — not published', fr: 'Brouillon — non publiée' },
  date: { ar: 'التاريخ', en: 'Date', fr: 'Date' },
  patient: { ar: 'المريض', en: 'Patient', fr: 'Patient' },
  patientCode: { ar: 'رقم الملف', en: 'File No.', fr: 'N° de dossier' },
  age: { ar: 'العمر', en: 'Age', fr: 'Âge' },
  doctor: { ar: 'الطبيب', en: 'Doctor', fr: 'Médecin' },
  diagnosis: { ar: 'التشخيص', en: 'Diagnosis', fr: 'Diagnostic' },
  line: { ar: 'م', en: '#', fr: 'N°' },
  drug: { ar: 'الدواء', en: 'Drug', fr: 'Médicament' },
  dosage: { ar: 'الجرعة', en: 'Dosage', fr: 'Posologie' },
  howToTake: { ar: 'طريقة الاستعمال', en: 'How to take', fr: 'Mode de prise' },
  duration: { ar: 'المدة', en: 'Duration', fr: 'Durée' },
  notes: { ar: 'ملاحظات', en: 'Notes', fr: 'Notes' },
  signature: { ar: 'توقيع الطبيب', en: "Doctor's signature", fr: 'Signature du médecin' },
} as const satisfies Record<string, Record<Language, string>>;

const MEAL: Record<DrugMealTiming, Record<Language, string | null>> = {
  before: { ar: 'قبل الأكل', en: 'before eating', fr: 'avant le repas' },
  with: { ar: 'مع الأكل', en: 'with food', fr: 'pendant le repas' },
  after: { ar: 'بعد الأكل', en: 'after eating', fr: 'après le repas' },
  any: { ar: null, en: null, fr: null },
};

const timesText = (n: number, language: Language) =>
  ({ ar: n === 1 ? 'مرة يوميًا' : n === 2 ? 'مرتين يوميًا' : `${n} مرات يوميًا`, en: n === 1 ? 'once a day' : n === 2 ? 'twice a day' : `${n} times a day`, fr: n === 1 ? 'une fois par jour' : `${n} fois par jour` })[language];
const repeatText = (n: number, language: Language) =>
  ({ ar: `يُكرر ${n}`, en: `repeat ×${n}`, fr: `à renouveler ×${n}` })[language];
const yearsText = (n: number, language: Language) => ({ ar: `${n} سنة`, en: `${n} years`, fr: `${n} ans` })[language];
/** A calendar date as day/month/year. */
const dmy = (date: string) => date.split('-').reverse().join('/');

/** One line's "how to take": times per day, meal timing, repeats. */
function howToTake(d: PrescriptionDoc['drugs'][number], language: Language) {
  return [d.timesPerDay ? timesText(d.timesPerDay, language) : null, MEAL[d.mealTiming][language], d.repeat ? repeatText(d.repeat, language) : null]
    .filter(Boolean)
    .join(language === 'ar' ? '، ' : ', ');
}

/**
 * A prescription on paper through its print settings: the letterhead, the date, patient and doctor, the diagnosis,
 * the drugs table, the notes, then the doctor's name and signature line. A draft is marked as such.
 */
export function prescriptionPdfModel(doc: PrescriptionDoc, settings: PrintSettingsItem, clinic: Letterhead, language: Language): PdfDocumentModel {
  const t = (key: keyof typeof RX_LABELS) => RX_LABELS[key][language];
  const fields = [{ label: t('date'), value: dmy(doc.date) }];
  if (settings.show.patientDetails) {
    fields.push({ label: t('patient'), value: doc.patient.name }, { label: t('patientCode'), value: doc.patient.code });
    if (doc.patient.age !== null) fields.push({ label: t('age'), value: yearsText(doc.patient.age, language) });
  }
  fields.push({ label: t('doctor'), value: doc.doctor.name });
  const blocks: PdfBlock[] = [];
  if (doc.status === 'draft') blocks.push({ kind: 'paragraph', strong: true, text: t('draft') });
  blocks.push({ kind: 'fields', rows: fields });
  if (doc.diagnosis) blocks.push({ kind: 'paragraph', text: `${t('diagnosis')}: ${doc.diagnosis}` });
  blocks.push({
    kind: 'table',
    columns: [
      { title: t('line'), weight: 0.4 },
      { title: t('drug'), weight: 2.4 },
      { title: t('dosage'), weight: 1.2 },
      { title: t('howToTake'), weight: 2 },
      { title: t('duration'), weight: 1.1 },
    ],
    rows: doc.drugs.map((d, i) => [
      `${i + 1}`,
      d.notes ? `${d.drugName}\n${d.notes}` : d.drugName,
      d.dosage ?? '',
      howToTake(d, language),
      d.duration ?? '',
    ]),
  });
  if (doc.notes) blocks.push({ kind: 'paragraph', text: `${t('notes')}: ${doc.notes}` });
  blocks.push({ kind: 'paragraph', strong: true, text: `${t('doctor')}: ${doc.doctor.name}` });
  if (settings.show.signatureLine) blocks.push({ kind: 'signature', label: t('signature') });
  const title = t('title');
  return documentOf(settings, labelsOf(language), {
    language,
    head: {
      name: clinic.name,
      logo: clinic.logo,
      branchLine: [doc.branch.name, clinic.address].filter(Boolean).join(' — ') || null,
      phone: clinic.branchMobile ?? clinic.mobile,
      taxNo: clinic.taxNo,
      crNo: clinic.crNo,
    },
    title,
    blocks,
    documentTitle: `${title} ${doc.patient.name} ${dmy(doc.date)}`,
  });
}

/**
 * Documents/GetPrescriptionPdf: the prescription as GetPatientPrescriptionDoc reads it (same scoping), through the
 * 'prescription' print settings (A5 by default); the settings' language, or for 'patient' the patient's, else the
 * caller's.
 */
export async function prescriptionPdf(
  tx: Tx,
  session: ClinicSession,
  files: FileStore,
  input: { id: number; printSettingsId?: number },
  caller: Language,
): Promise<PdfFile> {
  const doc = await getPrescriptionDoc(tx, session, input.id);
  const settings = await settingsFor(tx, session, 'prescription', input.printSettingsId);
  const language =
    settings.language === 'patient' ? (LANGUAGES.find((l) => l === doc.patient.language) ?? caller) : settings.language;
  const clinic = await loadLetterhead(tx, session, files, doc.branch.id, settings.show.logo);
  return { pdf: await renderPdf(prescriptionPdfModel(doc, settings, clinic, language)), fileName: `prescription-${doc.id}.pdf` };
}
