import type { PaymentItem } from '@dental/contract';
import { useTranslation } from 'react-i18next';
import { formatWallDate } from '../../../lib/clinic-time';
import { formatDate } from '../../../lib/format';
import { usePatientHeader } from '../../patients/api';
import { useMoney } from './money';
import { PrintDocument } from './print-document';

/** The printed receipt of one payment: number, day, patient, amount, type, who received it, what it paid. */
export function ReceiptPrint({ payment, patientId, onDone }: { payment: PaymentItem; patientId: number; onDone: () => void }) {
  const { t } = useTranslation('payments');
  const m = useMoney();
  const patient = usePatientHeader(patientId).data;
  return (
    <PrintDocument
      title={t('receipt.title', { receipt: payment.receiptNo })}
      onDone={onDone}
      subtitle={
        <>
          <p>{patient ? t('receipt.patient', { name: patient.name, code: patient.code }) : ''}</p>
          <p>{t('receipt.date', { date: formatWallDate(payment.paidOn) })}</p>
          {payment.reversal && <p className="pay-struck">{t('receipt.reversed')}</p>}
        </>
      }
    >
      <table className={payment.reversal ? 'pay-struck' : undefined}>
        <tbody>
          <tr>
            <th>{t('receipt.amount')}</th>
            <td className="pay-num">{m.money(payment.amount)}</td>
          </tr>
          <tr>
            <th>{t('receipt.type')}</th>
            <td>{m.paymentType(payment)}</td>
          </tr>
          <tr>
            <th>{t('receipt.branch')}</th>
            <td>{payment.branchName}</td>
          </tr>
          <tr>
            <th>{t('receipt.takenBy')}</th>
            <td>{payment.receivedByName}</td>
          </tr>
          <tr>
            <th>{t('receipt.for')}</th>
            <td>
              {payment.ledgerType === 'LT2'
                ? t('receipt.onAccount')
                : payment.allocations.map((a) => `${m.procedure(a)}: ${m.money(a.amount)}`).join(' · ')}
            </td>
          </tr>
          {payment.notes && (
            <tr>
              <th>{t('columns.notes')}</th>
              <td>{payment.notes}</td>
            </tr>
          )}
        </tbody>
      </table>
      <p style={{ marginBlockStart: 16 }}>{t('receipt.printedOn', { date: formatDate(new Date()) })}</p>
    </PrintDocument>
  );
}
