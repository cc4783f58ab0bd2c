import type { Language } from '@dental/contract';

/** Every word a printed document carries, in Arabic, English and French. */
const LABELS = {
  taxInvoice: { ar: 'فاتورة ضريبية مبسطة', en: 'Simplified tax invoice', fr: 'Facture simplifiée' },
  invoice: { ar: 'فاتورة', en: 'Invoice', fr: 'Facture' },
  creditNote: { ar: 'إشعار دائن', en: 'Credit note', fr: 'Avoir' },
  receipt: { ar: 'سند قبض', en: 'Payment receipt', fr: 'Reçu de paiement' },
  statement: { ar: 'كشف حساب المريض', en: 'Patient statement', fr: 'Relevé du patient' },
  number: { ar: 'الرقم', en: 'No.', fr: 'N°' },
  issuedAt: { ar: 'تاريخ الإصدار', en: 'Issued', fr: 'Émise le' },
  issuedBy: { ar: 'أصدرها', en: 'Issued by', fr: 'Émise par' },
  patient: { ar: 'المريض', en: 'Patient', fr: 'Patient' },
  patientCode: { ar: 'رقم الملف', en: 'File No.', fr: 'N° de dossier' },
  nationalId: { ar: 'رقم الهوية', en: 'National ID', fr: "N° d'identité" },
  mobile: { ar: 'الجوال', en: 'Mobile', fr: 'Mobile' },
  branch: { ar: 'الفرع', en: 'Branch', fr: 'Succursale' },
  phone: { ar: 'هاتف', en: 'Phone', fr: 'Tél.' },
  vatNo: { ar: 'الرقم الضريبي', en: 'VAT No.', fr: 'N° de TVA' },
  crNo: { ar: 'السجل التجاري', en: 'CR No.', fr: 'N° RC' },
  creditsInvoice: { ar: 'يصحح الفاتورة رقم', en: 'Corrects invoice No.', fr: 'Corrige la facture n°' },
  creditedBy: { ar: 'صدر لها إشعار دائن رقم', en: 'Credited by credit note No.', fr: "Annulée par l'avoir n°" },
  reason: { ar: 'السبب', en: 'Reason', fr: 'Motif' },
  notes: { ar: 'ملاحظات', en: 'Notes', fr: 'Notes' },
  line: { ar: 'م', en: '#', fr: 'N°' },
  description: { ar: 'البيان', en: 'Description', fr: 'Désignation' },
  unitPrice: { ar: 'السعر', en: 'Price', fr: 'Prix' },
  discount: { ar: 'الخصم', en: 'Discount', fr: 'Remise' },
  taxable: { ar: 'الخاضع للضريبة', en: 'Taxable', fr: 'Montant HT' },
  vatRate: { ar: 'نسبة الضريبة', en: 'VAT %', fr: 'TVA %' },
  vat: { ar: 'الضريبة', en: 'VAT', fr: 'TVA' },
  total: { ar: 'الإجمالي', en: 'Total', fr: 'Total' },
  insurerShare: { ar: 'حصة التأمين', en: "Insurer's share", fr: "Part de l'assureur" },
  vatExempt: { ar: 'معفى: مواطن سعودي', en: 'Exempt: Saudi citizen', fr: 'Exonéré : citoyen saoudien' },
  subtotal: { ar: 'المجموع قبل الضريبة', en: 'Total before VAT', fr: 'Total HT' },
  vatTotal: { ar: 'ضريبة القيمة المضافة', en: 'VAT', fr: 'TVA' },
  totalWithVat: { ar: 'الإجمالي شامل الضريبة', en: 'Total including VAT', fr: 'Total TTC' },
  inWords: { ar: 'المبلغ كتابةً', en: 'Amount in words', fr: 'Montant en lettres' },
  remainingInWords: { ar: 'المتبقي كتابةً', en: 'Remaining in words', fr: 'Reste à payer en lettres' },
  receiptNo: { ar: 'رقم السند', en: 'Receipt No.', fr: 'N° de reçu' },
  paidOn: { ar: 'تاريخ الدفع', en: 'Paid on', fr: 'Payé le' },
  paymentType: { ar: 'طريقة الدفع', en: 'Payment type', fr: 'Mode de paiement' },
  receivedBy: { ar: 'استلمها', en: 'Received by', fr: 'Reçu par' },
  amount: { ar: 'المبلغ', en: 'Amount', fr: 'Montant' },
  onAccount: { ar: 'دفعة على الحساب', en: 'Paid on account', fr: 'Versement en compte' },
  unapplied: { ar: 'رصيد غير مستخدم', en: 'Credit not yet applied', fr: 'Crédit non encore imputé' },
  reversed: { ar: 'ملغاة (معكوسة)', en: 'Reversed (deleted)', fr: 'Annulé (contre-passé)' },
  procedure: { ar: 'الإجراء', en: 'Procedure', fr: 'Acte' },
  teeth: { ar: 'الأسنان', en: 'Teeth', fr: 'Dents' },
  doctor: { ar: 'الطبيب', en: 'Doctor', fr: 'Médecin' },
  date: { ar: 'التاريخ', en: 'Date', fr: 'Date' },
  net: { ar: 'الصافي', en: 'Net', fr: 'Net' },
  patientShare: { ar: 'حصة المريض', en: "Patient's share", fr: 'Part du patient' },
  paid: { ar: 'المدفوع', en: 'Paid', fr: 'Payé' },
  remaining: { ar: 'المتبقي', en: 'Remaining', fr: 'Reste' },
  charged: { ar: 'إجمالي الإجراءات', en: 'Charged', fr: 'Facturé' },
  discounts: { ar: 'الخصومات', en: 'Discounts', fr: 'Remises' },
  insuranceShare: { ar: 'حصة التأمين', en: 'Insurance share', fr: "Part de l'assurance" },
  planned: { ar: 'إجراءات مخططة', en: 'Planned procedures', fr: 'Actes planifiés' },
  plannedPaid: { ar: 'مدفوع مقدمًا', en: 'Paid in advance', fr: "Payé d'avance" },
  credit: { ar: 'رصيد دائن', en: 'Credit', fr: 'Crédit' },
  balance: { ar: 'الرصيد', en: 'Balance', fr: 'Solde' },
  printedAt: { ar: 'تاريخ الطباعة', en: 'Printed', fr: 'Imprimé le' },
  signature: { ar: 'التوقيع', en: 'Signature', fr: 'Signature' },
} as const satisfies Record<string, Record<Language, string>>;

export type LabelKey = keyof typeof LABELS;

/** The labels of one language: `t('total')`. */
export const labelsOf = (language: Language) => (key: LabelKey) => LABELS[key][language];

/** "Page 1 of 2". */
export function pageNumberText(language: Language) {
  return (page: number, pages: number) =>
    ({ ar: `صفحة ${page} من ${pages}`, en: `Page ${page} of ${pages}`, fr: `Page ${page} sur ${pages}` })[language];
}
