import type { Language, PrintSettingsItem, ProcedurePaymentOutput } from '@dental/contract';
import type { PdfBlock, PdfDocumentModel } from '../../platform/pdf/model.js';
import { clinicDateTime, moneyText, procedureName, teethText } from './format.js';
import { labelsOf, pageNumberText } from './labels.js';
import { type Letterhead, headerOf, pageOf } from './letterhead.js';

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
        { title: t('amount'), weight: 1.5, align: 'end' as const },
      ],
      rows: payment.allocations.map((a) => [
        procedureName(a, language),
        ...(teeth ? [teethText(a.teeth, language)] : []),
        money(a.amount),
      ]),
    });
  }
  const totals = [{ label: t('amount'), value: money(payment.amount), strong: true }];
  if (payment.ledgerType === 'LT2') totals.push({ label: t('unapplied'), value: money(payment.unapplied), strong: false });
  blocks.push({ kind: 'totals', rows: totals });
  if (payment.ledgerType === 'LT2') blocks.push({ kind: 'paragraph', text: t('onAccount') });
  if (payment.notes) blocks.push({ kind: 'paragraph', text: `${t('notes')}: ${payment.notes}` });
  if (show.signatureLine) blocks.push({ kind: 'signature', label: t('signature') });

  const title = t('receipt');
  return {
    language,
    page: pageOf(settings),
    header: headerOf(
      {
        name: clinic.name,
        logo: clinic.logo,
        branchLine: [payment.branchName, clinic.address].filter(Boolean).join(' — ') || null,
        phone: clinic.branchMobile ?? clinic.mobile,
        taxNo: clinic.taxNo,
        crNo: clinic.crNo,
      },
      settings,
      t,
    ),
    title,
    blocks,
    footer: show.footer ? settings.footerText : null,
    pageNumber: show.pageNumbers ? pageNumberText(language) : null,
    documentTitle: `${title} ${payment.receiptNo}`,
  };
}
