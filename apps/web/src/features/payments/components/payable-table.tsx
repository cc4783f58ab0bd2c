import type { StatementProcedure } from '@dental/contract';
import { Table, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatWallDate } from '../../../lib/clinic-time';
import { useSession } from '../../../lib/session';
import { StatusTag } from '../../patient-procedures/components/procedure-ui';
import { teethText } from '../../patient-procedures/procedure-model';
import { isPositive } from '../payments-model';
import { useMoney } from './money';

/**
 * The patient's procedures with what is paid and remaining (the server's figures), oldest first. Those with something
 * remaining can be selected to pay (or to apply credit to), in the order listed.
 */
export function PayableTable({
  items,
  selected,
  onSelect,
  selectable,
}: {
  items: StatementProcedure[];
  selected: number[];
  onSelect: (ids: number[]) => void;
  selectable: boolean;
}) {
  const { t } = useTranslation('payments');
  const numbering = useSession()?.user.toothNumberingSystem ?? 'FDI';
  const m = useMoney();
  const columns: TableProps<StatementProcedure>['columns'] = [
    { key: 'procedure', title: t('columns.procedure'), render: (_, r) => <span data-testid="payable-name">{m.procedure(r)}</span> },
    { key: 'teeth', title: t('columns.teeth'), responsive: ['sm'], render: (_, r) => <bdi dir="ltr">{teethText(r.teeth, numbering) || '—'}</bdi> },
    { key: 'status', title: t('columns.status'), responsive: ['md'], render: (_, r) => <StatusTag status={r.status} /> },
    { key: 'date', title: t('columns.date'), responsive: ['lg'], render: (_, r) => formatWallDate(r.date) },
    { key: 'net', title: t('columns.net'), align: 'end', className: 'pay-num', responsive: ['lg'], render: (_, r) => m.money(r.net) },
    { key: 'insurance', title: t('columns.insurance'), align: 'end', className: 'pay-num', responsive: ['lg'], render: (_, r) => (isPositive(r.insuranceShare) ? m.money(r.insuranceShare) : '—') },
    { key: 'due', title: t('columns.due'), align: 'end', className: 'pay-num', responsive: ['md'], render: (_, r) => m.money(r.patientShare) },
    { key: 'paid', title: t('columns.paid'), align: 'end', className: 'pay-num', responsive: ['sm'], render: (_, r) => <span data-testid="payable-paid">{m.money(r.paid)}</span> },
    {
      key: 'remaining',
      title: t('columns.remaining'),
      align: 'end', className: 'pay-num',
      render: (_, r) => (
        <strong data-testid="payable-remaining" className={isPositive(r.remaining) ? 'pay-owed' : undefined}>
          {m.money(r.remaining)}
        </strong>
      ),
    },
  ];
  return (
    <Table<StatementProcedure>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={items}
      pagination={false}
      data-testid="payable-table"
      rowSelection={
        selectable
          ? {
              selectedRowKeys: selected,
              // keep the table's order (oldest first): the server splits a payment in the order it is given
              onChange: (keys) => onSelect(items.filter((i) => keys.includes(i.id)).map((i) => i.id)),
              getCheckboxProps: (r) => ({ disabled: !isPositive(r.remaining), 'aria-label': m.procedure(r) }),
            }
          : undefined
      }
    />
  );
}
