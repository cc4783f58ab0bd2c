import { type LabOrderDetails, toothCode } from '@dental/contract';
import { formatWallDate } from '../../../lib/clinic-time';
import { nameIn } from '../../../lib/local-name';
import { useSession } from '../../../lib/session';
import { PrintPreview } from '../../payments/components/print-document';
import { usePrintDoc } from '../../print/print-context';

/**
 * The lab order on paper (document type lab_order, the shared print layout): the clinic's letterhead and print
 * settings, the order's number and days, then what the lab must make; a signature line when the settings ask.
 */
export function LabOrderPrint({ order, onClose }: { order: LabOrderDetails; onClose: () => void }) {
  return (
    <PrintPreview
      type="lab_order"
      onClose={onClose}
      title={(doc) => doc.t('labs')('order.printTitle')}
      meta={(doc) => {
        const t = doc.t('labs');
        return [
          { label: t('order.number'), value: <bdi dir="ltr">#{order.orderNo}</bdi> },
          { label: t('order.lab'), value: order.labName },
          ...(order.sendDate ? [{ label: t('order.sendDate'), value: formatWallDate(order.sendDate) }] : []),
          ...(order.expectedDeliveryDate ? [{ label: t('order.expectedDate'), value: formatWallDate(order.expectedDeliveryDate) }] : []),
        ];
      }}
    >
      <LabOrderBody order={order} />
    </PrintPreview>
  );
}

function LabOrderBody({ order }: { order: LabOrderDetails }) {
  const doc = usePrintDoc();
  const t = doc.t('labs');
  const numbering = useSession()?.user.toothNumberingSystem ?? 'FDI';
  const rows: Array<[string, string | null]> = [
    [t('order.patient'), `${order.patientName} (${order.patientCode})`],
    [t('order.service'), nameIn(doc.language, order.serviceNameAr, order.serviceNameEn, order.serviceNameFr)],
    [t('order.tooth'), order.tooth ? toothCode(order.tooth, numbering) : null],
    [t('order.shade'), order.shade],
    [t('order.shape'), order.shapeType],
    [t('order.neck'), order.neck],
    [t('order.body'), order.body],
    [t('order.incisal'), order.incisal],
    [t('orders.doctor'), order.doctorName],
    [t('orders.status'), t(`status.${order.status}`)],
  ];
  return (
    <>
      <table className="print-totals" data-testid="lab-order-paper">
        <tbody>
          {rows
            .filter(([, v]) => v)
            .map(([label, value]) => (
              <tr key={label}>
                <th>{label}</th>
                <td>
                  <bdi>{value}</bdi>
                </td>
              </tr>
            ))}
          <tr className="grand">
            <th>{t('order.price')}</th>
            <td>
              <bdi>{doc.money(order.price, order.currency)}</bdi>
            </td>
          </tr>
        </tbody>
      </table>
      {order.notes && (
        <p>
          {t('order.notes')}: {order.notes}
        </p>
      )}
    </>
  );
}
