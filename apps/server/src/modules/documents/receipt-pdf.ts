import type { Language, PrintSettingsItem, ProcedurePaymentOutput } from '@dental/contract';
import type { PdfBlock, PdfDocumentModel } from '../../platform/pdf/model.js';
import { amountInWords } from '../invoices/index.js';
import { clinicDateTime, moneyText, procedureName, teethText } from './format.js';
import { labelsOf } from './labels.js';
import { type Letterhead, documentOf } from './letterhead.js';

const paymentTypeName = (p: ProcedurePaymentOutput, language: Language) =>
  language === 'ar' ? p.paymentTypeNameAr : language === 'fr' ? p.paymentTypeNameFr : p.paymentTypeNameEn;

/** A payment's receipt: who paid what, how, when, and what it paid (its allocations); a reversed one says so. */
export function receiptPdfModel(
  payment: ProcedurePaymentOutput,
  settings: PrintSettingsItem,
  clinic: Letterhead,
  language: Language,
): PdfDocumentModel {
  const t = labelsOf(language);
  const { show } = settings;
  const money = (v: string) => moneyText(v, payment.currency, language);
  /** In a table's cells: the amount alone (the code is in the column's title). */
  const cell = (v: string) => moneyText(v, payment.currency, language, false);
  const fields: Array<{ label: string; value: string }> = [
    { label: t('receiptNo'), value: `${payment.receiptNo}` },
    { label: t('paidOn'), value: payment.paidOn },
  ];
  if (show.patientDetails) {
    fields.push({ label: t('patient'), value: payment.patientName }, { label: t('patientCode'), value: payment.patientCode });
  }
  fields.push(
    { label: t('paymentType'), value: paymentTypeName(payment, language) },
    { label: t('branch'), value: payment.branchName },
    { label: t('receivedBy'), value: payment.receivedByName },
  );
  const blocks: PdfBlock[] = [{ kind: 'fields', rows: fields }];
  if (payment.reversal) {
    blocks.push({
      kind: 'paragraph',
      strong: true,
      text: `${t('reversed')} — ${clinicDateTime(payment.reversal.createdAt, clinic.timeZone)} — ${payment.reversal.createdByName}: ${payment.reversal.reason}`,
    });
  }
  if (payment.allocations.length) {
    const teeth = show.teeth;
    blocks.push({
      kind: 'table',
      columns: [
        { title: t('procedure'), weight: 3 },
        ...(teeth ? [{ title: t('teeth'), weight: 1.2 }] : []),
        { title: `${t('amount')} (${payment.currency})`, weight: 1.5, align: 'end' as const },
      ],
      rows: payment.allocations.map((a) => [
        procedureName(a, language),
        ...(teeth ? [teethText(a.teeth, language)] : []),
        cell(a.amount),
      ]),
    });
  }
  const totals = [{ label: t('amount'), value: money(payment.amount), strong: true }];
  if (payment.ledgerType === 'LT2') totals.push({ label: t('unapplied'), value: money(payment.unapplied), strong: false });
  blocks.push({ kind: 'totals', rows: totals });
  blocks.push({ kind: 'paragraph', text: `${t('inWords')}: ${amountInWords(payment.amount, payment.currency, language)}` });
  if (payment.ledgerType === 'LT2') blocks.push({ kind: 'paragraph', text: t('onAccount') });
  if (payment.notes) blocks.push({ kind: 'paragraph', text: `${t('notes')}: ${payment.notes}` });
  if (show.signatureLine) blocks.push({ kind: 'signature', label: t('signature') });

  const title = t('receipt');
  return documentOf(settings, t, {
    language,
    head: {
      name: clinic.name,
      logo: clinic.logo,
      branchLine: [payment.branchName, clinic.address].filter(Boolean).join(' — ') || null,
      phone: clinic.branchMobile ?? clinic.mobile,
      taxNo: clinic.taxNo,
      crNo: clinic.crNo,
    },
    title,
    blocks,
    documentTitle: `${title} ${payment.receiptNo}`,
  });
}
