import type { PaymentItem } from '@dental/contract';
import { formatWallDate } from '../../../lib/clinic-time';
import { nameIn } from '../../../lib/local-name';
import { useSession } from '../../../lib/session';
import { usePatientHeader } from '../../patients/api';
import { usePrintDoc } from '../../print/print-context';
import { PrintPreview } from './print-document';

/** The receipt of one payment (document type receipt): number, day, patient, amount, type, who received it, what it paid. */
export function ReceiptPrint({ payment, patientId, onClose }: { payment: PaymentItem; patientId: number; onClose: () => void }) {
  const patient = usePatientHeader(patientId).data;
  return (
    <PrintPreview
      type="receipt"
      onClose={onClose}
      title={(doc) => doc.t('payments')('receipt.title', { receipt: payment.receiptNo })}
      meta={(doc) => {
        const t = doc.t('payments');
        return [
          ...(patient ? [{ label: t('columns.patient'), value: `${patient.name} (${patient.code})` }] : []),
          { label: t('columns.date'), value: formatWallDate(payment.paidOn) },
          ...(payment.reversal ? [{ label: t('columns.state'), value: t('receipt.reversed') }] : []),
        ];
      }}
    >
      <ReceiptBody payment={payment} />
    </PrintPreview>
  );
}

function ReceiptBody({ payment }: { payment: PaymentItem }) {
  const doc = usePrintDoc();
  const t = doc.t('payments');
  const currency = useSession()?.user.currency ?? '';
  const money = (v: string) => <bdi>{doc.money(v, currency)}</bdi>;
  const name = (p: { procedureNameAr: string; procedureNameEn: string; procedureNameFr: string }) =>
    nameIn(doc.language, p.procedureNameAr, p.procedureNameEn, p.procedureNameFr);
  return (
    <>
      <table className="print-totals" style={payment.reversal ? { textDecoration: 'line-through' } : undefined}>
        <tbody>
          <tr className="grand">
            <th>{t('receipt.amount')}</th>
            <td>{money(payment.amount)}</td>
          </tr>
          <tr>
            <th>{t('receipt.type')}</th>
            <td>{nameIn(doc.language, payment.paymentTypeNameAr, payment.paymentTypeNameEn, payment.paymentTypeNameFr)}</td>
          </tr>
          <tr>
            <th>{t('receipt.branch')}</th>
            <td>{payment.branchName}</td>
          </tr>
          <tr>
            <th>{t('receipt.takenBy')}</th>
            <td>{payment.receivedByName}</td>
          </tr>
        </tbody>
      </table>
      {payment.ledgerType === 'LT2' ? (
        <p>
          {t('receipt.for')}: {t('receipt.onAccount')}
        </p>
      ) : (
        <table className="print-table">
          <thead>
            <tr>
              <th>{t('receipt.for')}</th>
              <th className="num">{t('columns.amount')}</th>
            </tr>
          </thead>
          <tbody>
            {payment.allocations.map((a) => (
              <tr key={a.id}>
                <td>{name(a)}</td>
                <td className="num">{money(a.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {payment.notes && (
        <p>
          {t('columns.notes')}: {payment.notes}
        </p>
      )}
      {payment.reversal && (
        <p>
          {t('state.reversedBy', { name: payment.reversal.createdByName, date: doc.date(payment.reversal.createdAt), reason: payment.reversal.reason })}
        </p>
      )}
    </>
  );
}
