import type { Language, PatientProcedurePrintingOutput, PrintSettingsItem } from '@dental/contract';
import type { PdfBlock, PdfColumn, PdfDocumentModel } from '../../platform/pdf/model.js';
import { amountInWords } from '../invoices/index.js';
import { clinicDateTime, moneyText, procedureName, teethText } from './format.js';
import { labelsOf } from './labels.js';
import { type Letterhead, documentOf } from './letterhead.js';

/** A patient's procedures statement: each procedure with what it costs the patient and what is paid, then the balance. */
export function statementPdfModel(
  statement: PatientProcedurePrintingOutput,
  settings: PrintSettingsItem,
  clinic: Letterhead,
  language: Language,
  now: Date,
): PdfDocumentModel {
  const t = labelsOf(language);
  const { show } = settings;
  const { summary, patient } = statement;
  const money = (v: string) => moneyText(v, summary.currency, language);
  /** In a table's cells: the amount alone (the code is in the column's title). */
  const cell = (v: string) => moneyText(v, summary.currency, language, false);
  const fields: Array<{ label: string; value: string }> = [];
  if (show.patientDetails) {
    fields.push({ label: t('patient'), value: patient.name }, { label: t('patientCode'), value: patient.code });
    if (patient.mobile) fields.push({ label: t('mobile'), value: patient.mobile });
  }
  fields.push({ label: t('printedAt'), value: clinicDateTime(now.toISOString(), clinic.timeZone) });

  const columns: PdfColumn[] = [
    { title: t('date'), weight: 1.7 },
    { title: t('procedure'), weight: 3 },
    ...(show.teeth ? [{ title: t('teeth'), weight: 1.1 }] : []),
    ...(show.doctor ? [{ title: t('doctor'), weight: 1.5 }] : []),
    { title: `${t('patientShare')} (${summary.currency})`, weight: 1.6, align: 'end' },
    { title: `${t('paid')} (${summary.currency})`, weight: 1.6, align: 'end' },
    { title: `${t('remaining')} (${summary.currency})`, weight: 1.6, align: 'end' },
  ];
  const rows = statement.items.map((p) => [
    p.date,
    [procedureName(p, language), p.procedureCode ? `(${p.procedureCode})` : null].filter(Boolean).join(' '),
    ...(show.teeth ? [teethText(p.teeth, language)] : []),
    ...(show.doctor ? [p.doctorName] : []),
    cell(p.patientShare),
    cell(p.paid),
    cell(p.remaining),
  ]);
  const blocks: PdfBlock[] = [
    { kind: 'fields', rows: fields },
    { kind: 'table', columns, rows },
    {
      kind: 'totals',
      rows: [
        { label: t('charged'), value: money(summary.charged) },
        { label: t('discounts'), value: money(summary.discounts) },
        { label: t('insuranceShare'), value: money(summary.insuranceShare) },
        { label: t('patientShare'), value: money(summary.patientShare) },
        { label: t('paid'), value: money(summary.paid) },
        { label: t('remaining'), value: money(summary.remaining), strong: true },
        ...(/[1-9]/.test(summary.plannedPaid)
          ? [{ label: t('plannedPaid'), value: money(summary.plannedPaid) }]
          : []),
        ...(/[1-9]/.test(summary.credit) ? [{ label: t('credit'), value: money(summary.credit) }] : []),
        { label: t('balance'), value: money(summary.balance), strong: true },
      ],
    },
  ];
  // what remains, in words in the statement's language (the invoices' helper: the currency's names, exact decimals)
  if (/[1-9]/.test(summary.remaining))
    blocks.push({ kind: 'paragraph', text: `${t('remainingInWords')}: ${amountInWords(summary.remaining, summary.currency, language)}` });
  if (show.signatureLine) blocks.push({ kind: 'signature', label: t('signature') });

  const title = t('statement');
  return documentOf(settings, t, {
    language,
    head: {
      name: clinic.name,
      logo: clinic.logo,
      branchLine: clinic.address,
      phone: clinic.mobile,
      taxNo: clinic.taxNo,
      crNo: clinic.crNo,
    },
    title,
    blocks,
    documentTitle: `${title} — ${patient.name}`,
  });
}
