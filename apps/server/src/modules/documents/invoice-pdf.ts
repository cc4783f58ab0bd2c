import type { InvoiceDocument, PrintSettingsItem } from '@dental/contract';
import type { PdfBlock, PdfDocumentModel } from '../../platform/pdf/model.js';
import { clinicDateTime, moneyText } from './format.js';
import { labelsOf } from './labels.js';
import { type Letterhead, documentOf } from './letterhead.js';

/** A rate without its trailing zeros: "15.00" -> "15", "12.50" -> "12.5". */
const rateText = (rate: string) => (rate.includes('.') ? rate.replace(/0+$/, '').replace(/\.$/, '') : rate);

/**
 * An invoice or credit note as printed: in the document's own language (its lines and total in words were written
 * in it when it was issued), the seller's details, address and phone as issued (GetInvoice: docs/invoices.md).
 */
export function invoicePdfModel(invoice: InvoiceDocument, settings: PrintSettingsItem, clinic: Letterhead): PdfDocumentModel {
  const language = invoice.language;
  const t = labelsOf(language);
  const { show } = settings;
  const money = (v: string) => moneyText(v, invoice.currency, language);
  /** In a table's cells: the amount alone (the code is in the column's title). */
  const cell = (v: string) => moneyText(v, invoice.currency, language, false);
  const code = (title: string) => `${title} (${invoice.currency})`;
  const credit = invoice.kind === 'credit_note';
  const title = credit ? t('creditNote') : invoice.seller.vatNo ? t('taxInvoice') : t('invoice');
  const seller = invoice.seller;

  const fields: Array<{ label: string; value: string }> = [
    { label: t('number'), value: `${invoice.number}` },
    { label: t('issuedAt'), value: clinicDateTime(invoice.issuedAt, clinic.timeZone) },
  ];
  if (show.patientDetails) {
    fields.push({ label: t('patient'), value: invoice.buyer.name });
    if (invoice.patientCode) fields.push({ label: t('patientCode'), value: invoice.patientCode });
    if (invoice.buyer.nationalId) fields.push({ label: t('nationalId'), value: invoice.buyer.nationalId });
  }
  fields.push({ label: t('branch'), value: seller.branchName }, { label: t('issuedBy'), value: invoice.issuedByName });
  if (invoice.creditedInvoice) fields.push({ label: t('creditsInvoice'), value: `${invoice.creditedInvoice.number}` });
  if (invoice.creditNote) fields.push({ label: t('creditedBy'), value: `${invoice.creditNote.number}` });

  const blocks: PdfBlock[] = [{ kind: 'fields', rows: fields }];
  if (invoice.reason) blocks.push({ kind: 'paragraph', text: `${t('reason')}: ${invoice.reason}` });
  blocks.push({
    kind: 'table',
    columns: [
      { title: t('line'), weight: 0.5 },
      { title: t('description'), weight: 3.2 },
      { title: code(t('unitPrice')), weight: 1.5, align: 'end' },
      { title: code(t('discount')), weight: 1.4, align: 'end' },
      { title: t('vatRate'), weight: 1, align: 'end' },
      { title: code(t('vat')), weight: 1.4, align: 'end' },
      { title: code(t('total')), weight: 1.6, align: 'end' },
    ],
    rows: invoice.lines.map((line) => [
      `${line.lineNo}`,
      [
        line.description,
        line.payer === 'insurer' ? `(${t('insurerShare')})` : null,
        line.vatExemption ? `— ${t('vatExempt')}` : null,
      ]
        .filter(Boolean)
        .join(' '),
      cell(line.unitPrice),
      cell(line.discount),
      `${rateText(line.vatRate)}%`,
      cell(line.vatAmount),
      cell(line.total),
    ]),
  });
  blocks.push({
    kind: 'totals',
    rows: [
      { label: t('subtotal'), value: money(invoice.subtotal) },
      { label: t('vatTotal'), value: money(invoice.vatTotal) },
      { label: t('totalWithVat'), value: money(invoice.total), strong: true },
    ],
  });
  if (invoice.totalInWords) blocks.push({ kind: 'paragraph', text: `${t('inWords')}: ${invoice.totalInWords}` });
  if (invoice.notes) blocks.push({ kind: 'paragraph', text: `${t('notes')}: ${invoice.notes}` });
  if (show.qrCode && invoice.qr) blocks.push({ kind: 'qr', text: invoice.qr });
  if (show.signatureLine) blocks.push({ kind: 'signature', label: t('signature') });

  return documentOf(settings, t, {
    language,
    head: {
      name: seller.name,
      logo: clinic.logo,
      branchLine: [seller.branchName, seller.branchAddress].filter(Boolean).join(' — ') || null,
      phone: seller.branchPhone,
      taxNo: seller.vatNo,
      crNo: seller.crNo,
    },
    title,
    blocks,
    documentTitle: `${title} ${invoice.number}`,
  });
}
