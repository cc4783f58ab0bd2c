import { DeleteOutlined, DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import { type PaymentItem, documentCalls } from '@dental/contract';
import { Button, Space, Table, type TableProps, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatClinicDateTime, formatWallDate } from '../../../lib/clinic-time';
import { useSession } from '../../../lib/session';
import { downloadPdf } from '../../print/download-pdf';
import { useMoney } from './money';

/**
 * A patient's payments, newest first: receipt number, day, amount, what it paid (procedures or on account), payment
 * type, who took it. A reversed ("deleted") payment stays, struck through, with who reversed it, when and why.
 */
export function PaymentsTable({
  items,
  loading,
  canWrite,
  onReverse,
  onPrint,
}: {
  items: PaymentItem[];
  loading?: boolean;
  canWrite: boolean;
  onReverse: (p: PaymentItem) => void;
  onPrint: (p: PaymentItem) => void;
}) {
  const { t } = useTranslation('payments');
  const timeZone = useSession()?.user.timeZone ?? 'UTC';
  const m = useMoney();

  const columns: TableProps<PaymentItem>['columns'] = [
    {
      key: 'receipt',
      title: t('columns.receipt'),
      className: 'pay-num',
      render: (_, r) => (
        <Space direction="vertical" size={0}>
          <bdi dir="ltr">#{r.receiptNo}</bdi>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {formatWallDate(r.paidOn)}
          </Typography.Text>
        </Space>
      ),
    },
    { key: 'amount', title: t('columns.amount'), align: 'end', className: 'pay-num', render: (_, r) => <span data-testid="payment-amount">{m.money(r.amount)}</span> },
    {
      key: 'for',
      title: t('columns.procedure'),
      responsive: ['md'],
      render: (_, r) =>
        r.ledgerType === 'LT2' ? (
          <Space size={4} wrap>
            <Tag>{t('state.onAccount')}</Tag>
            {r.allocations.length > 0 && <Typography.Text type="secondary">{r.allocations.map((a) => m.procedure(a)).join('، ')}</Typography.Text>}
          </Space>
        ) : (
          r.allocations.map((a) => `${m.procedure(a)} (${m.money(a.amount)})`).join('، ')
        ),
    },
    { key: 'type', title: t('columns.type'), responsive: ['sm'], render: (_, r) => m.paymentType(r) },
    { key: 'takenBy', title: t('columns.takenBy'), responsive: ['md'], render: (_, r) => r.receivedByName },
    {
      key: 'state',
      title: t('columns.state'),
      className: 'pay-keep',
      render: (_, r) =>
        r.reversal ? (
          <Space direction="vertical" size={0}>
            <Tag color="red" data-testid="payment-reversed">
              {t('state.reversed')}
            </Tag>
            <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block', maxWidth: 280 }} data-testid="reversal-note">
              {t('state.reversedBy', {
                name: r.reversal.createdByName,
                date: formatClinicDateTime(r.reversal.createdAt, timeZone),
                reason: r.reversal.reason,
              })}
            </Typography.Text>
          </Space>
        ) : (
          <Tag color="green">{t('state.active')}</Tag>
        ),
    },
    {
      key: 'actions',
      title: '',
      className: 'pay-keep',
      render: (_, r) => (
        <Space size={4}>
          <Tooltip title={t('receipt.print')}>
            <Button size="small" icon={<PrinterOutlined />} aria-label={t('receipt.print')} onClick={() => onPrint(r)} data-testid="print-receipt" />
          </Tooltip>
          <Tooltip title={t('receipt.pdf')}>
            <Button
              size="small"
              icon={<DownloadOutlined />}
              aria-label={t('receipt.pdf')}
              onClick={() => void downloadPdf(documentCalls.getReceiptPdf, { id: r.id }, `receipt-${r.receiptNo}.pdf`)}
              data-testid="receipt-pdf"
            />
          </Tooltip>
          {canWrite && !r.reversal && (
            <Tooltip title={t('reverse.action')}>
              <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('reverse.action')} onClick={() => onReverse(r)} data-testid="reverse-payment" />
            </Tooltip>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Table<PaymentItem>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={items}
      loading={loading}
      pagination={items.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
      rowClassName={(r) => (r.reversal ? 'pay-reversed' : '')}
      data-testid="payments-table"
    />
  );
}
