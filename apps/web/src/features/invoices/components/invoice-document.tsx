import type { InvoiceDocument as Invoice } from '@dental/contract';
import QRCode from 'qrcode';
import { useEffect, useMemo, useState } from 'react';
import { PatientName, PrintDocument } from '../../print/print-document';
import { usePrintDoc } from '../../print/print-context';
import { shows } from '../../print/print-model';
import '../invoices.css';

/** "15.00" → "15", "12.50" → "12.5": a rate as printed, from its text. */
const rateText = (rate: string) => (rate.includes('.') ? rate.replace(/\.?0+$/, '') : rate);

/** The title of a document: credit note, simplified tax invoice (with the ZATCA QR), tax invoice, or invoice. */
const titleKey = (invoice: Invoice) =>
  invoice.kind === 'credit_note'
    ? 'doc.creditNote'
    : invoice.qr
      ? 'doc.simplifiedTaxInvoice'
      : invoice.seller.vatNo
        ? 'doc.taxInvoice'
        : 'doc.invoice';

/**
 * An issued invoice or credit note on the shared print layout (document type invoice), in the language it was issued
 * in (its totals in words are): seller and buyer as copied at issue, the lines with their VAT, the totals, the total in
 * words and, for a Saudi clinic, the ZATCA QR. `preview` also shows it on screen.
 */
export function InvoiceDocument({ invoice, preview = false }: { invoice: Invoice; preview?: boolean }) {
  const { seller } = invoice;
  const letterhead = useMemo(
    () => ({
      clinicName: seller.name,
      branchName: seller.branchName,
      branchAddress: seller.branchAddress,
      phones: seller.branchPhone ? [seller.branchPhone] : [],
      taxNo: seller.vatNo,
      commercialRegistrationNo: seller.crNo,
    }),
    [seller],
  );
  return (
    <PrintDocument
      type="invoice"
      language={invoice.language}
      letterhead={letterhead}
      preview={preview}
      title={(doc) => doc.t('invoices')(titleKey(invoice))}
      meta={(doc) => {
        const t = doc.t('invoices');
        return [
          { label: t('doc.number'), value: <bdi data-testid="invoice-number">{invoice.number}</bdi> },
          { label: t('doc.issuedAt'), value: <bdi>{doc.dateTime(invoice.issuedAt)}</bdi> },
          ...(invoice.creditedInvoice
            ? [{ label: t('doc.creditsInvoice'), value: <bdi>{invoice.creditedInvoice.number}</bdi> }]
            : []),
        ];
      }}
    >
      <InvoiceBody invoice={invoice} />
    </PrintDocument>
  );
}

function InvoiceBody({ invoice }: { invoice: Invoice }) {
  const doc = usePrintDoc();
  const t = doc.t('invoices');
  const money = (v: string) => <bdi>{doc.money(v, invoice.currency)}</bdi>;
  const amount = (v: string) => <bdi>{doc.amount(v, invoice.currency)}</bdi>;
  const anyDiscount = invoice.lines.some((l) => /[1-9]/.test(l.discount));
  return (
    <>
      <div className="inv-parties">
        <section>
          <h2>{t('doc.seller')}</h2>
          <p>
            <bdi>{invoice.seller.name}</bdi>
          </p>
          {invoice.seller.vatNo && (
            <p>
              {t('doc.vatNo')}: <bdi dir="ltr">{invoice.seller.vatNo}</bdi>
            </p>
          )}
          {invoice.seller.crNo && (
            <p>
              {t('doc.crNo')}: <bdi dir="ltr">{invoice.seller.crNo}</bdi>
            </p>
          )}
        </section>
        {shows(doc.settings, 'patientDetails') && (
          <section>
            <h2>{t('doc.buyer')}</h2>
            <p>
              <PatientName name={invoice.buyer.name} code={invoice.patientCode} />
            </p>
            {invoice.buyer.nationalId && (
              <p>
                {t('doc.nationalId')}: <bdi dir="ltr">{invoice.buyer.nationalId}</bdi>
              </p>
            )}
          </section>
        )}
      </div>
      <p className="inv-note">{t('doc.amountsIn', { currency: invoice.currency })}</p>
      <table className="print-table">
        <thead>
          <tr>
            <th>#</th>
            <th className="inv-desc">{t('doc.description')}</th>
            <th className="num">{t('doc.unitPrice')}</th>
            {anyDiscount && <th className="num">{t('doc.discount')}</th>}
            <th className="num">{t('doc.taxable')}</th>
            <th className="num">{t('doc.vatRate')}</th>
            <th className="num">{t('doc.vatAmount')}</th>
            <th className="num">{t('doc.lineTotal')}</th>
          </tr>
        </thead>
        <tbody>
          {invoice.lines.map((l) => (
            <tr key={l.lineNo}>
              <td>{l.lineNo}</td>
              <td>
                <bdi>{l.description}</bdi>
                {l.payer === 'insurer' && <div className="inv-note">{t('doc.payerInsurer')}</div>}
                {l.vatExemption && <div className="inv-note">{t(`doc.exemption.${l.vatExemption}`)}</div>}
              </td>
              <td className="num">{amount(l.unitPrice)}</td>
              {anyDiscount && <td className="num">{amount(l.discount)}</td>}
              <td className="num">{amount(l.taxable)}</td>
              <td className="num">
                <bdi>{rateText(l.vatRate)}%</bdi>
              </td>
              <td className="num">{amount(l.vatAmount)}</td>
              <td className="num">{amount(l.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="inv-summary">
        {invoice.qr && shows(doc.settings, 'qrCode') && <QrImage text={invoice.qr} label={t('doc.qrLabel')} />}
        <table className="print-totals">
          <tbody>
            <tr>
              <th>{t('doc.subtotal')}</th>
              <td>{money(invoice.subtotal)}</td>
            </tr>
            <tr>
              <th>{t('doc.vatTotal')}</th>
              <td data-testid="invoice-vat">{money(invoice.vatTotal)}</td>
            </tr>
            <tr className="grand">
              <th>{t('doc.total')}</th>
              <td data-testid="invoice-total">{money(invoice.total)}</td>
            </tr>
          </tbody>
        </table>
      </div>
      <p className="inv-words">
        <strong>{t('doc.totalInWords')}:</strong> {invoice.totalInWords}
      </p>
      {invoice.kind === 'credit_note' && invoice.reason && (
        <p>
          <strong>{t('doc.reason')}:</strong> {invoice.reason}
        </p>
      )}
      {invoice.creditNote && (
        <p>
          {t('doc.creditedBy', { number: invoice.creditNote.number, date: doc.date(invoice.creditNote.issuedAt) })}
        </p>
      )}
      {invoice.notes && (
        <p>
          <strong>{t('doc.notes')}:</strong> {invoice.notes}
        </p>
      )}
      <p className="inv-issuer">
        {t('doc.issuedBy')} <bdi>{invoice.issuedByName}</bdi>
      </p>
    </>
  );
}

/** The ZATCA QR drawn in the browser from the server's base64 TLV text (qrcode, bundled: nothing is fetched). */
function QrImage({ text, label }: { text: string; label: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(text, { errorCorrectionLevel: 'M', margin: 1, width: 240 })
      .then((url) => live && setSrc(url))
      .catch(() => live && setSrc(null));
    return () => {
      live = false;
    };
  }, [text]);
  return src ? <img className="inv-qr" src={src} alt={label} data-testid="invoice-qr" /> : null;
}
