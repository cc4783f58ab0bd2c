import type { MoneyHistoryItem } from '@dental/contract';
import { Button, Drawer, Flex, Grid, Table, type TableProps, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { formatClinicDateTime } from '../../../lib/clinic-time';
import { useSession } from '../../../lib/session';
import { usePatientMoneyHistory } from '../api';
import { historyAmountOf } from '../payments-model';
import { useMoney } from './money';

const PAGE_SIZE = 20;

/**
 * The patient's money history (Patient/GetPatientMoneyHistory, the owner's key): every change to their money, newest
 * first, paged on the server: when (the clinic's time), who, what (the entity and the change) and the amount before
 * and after. A phone gets one column with the same lines.
 */
export function MoneyHistoryDrawer({ patientId, open, onClose }: { patientId: number; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('payments');
  const { t: tc } = useTranslation();
  const m = useMoney();
  const [page, setPage] = useState(1);
  const history = usePatientMoneyHistory({ patientId, page, pageSize: PAGE_SIZE }, open);
  const phone = !Grid.useBreakpoint().sm;
  const timeZone = useSession()?.user.timeZone ?? 'UTC';
  const when = (r: MoneyHistoryItem) => formatClinicDateTime(r.createdAt, timeZone);

  const what = (r: MoneyHistoryItem) => {
    const number = r.after?.number ?? r.before?.number ?? r.after?.receiptNo ?? r.before?.receiptNo;
    return [
      t(`history.entity.${r.entity}`, { defaultValue: r.entity }),
      t(`history.action.${r.action}`, { defaultValue: r.action }),
      typeof number === 'number' || typeof number === 'string' ? `#${number}` : null,
    ]
      .filter(Boolean)
      .join(' · ');
  };
  const change = (r: MoneyHistoryItem) => {
    const amount = historyAmountOf(r);
    if (!amount) return '';
    return (
      <span data-testid="history-amount">
        <bdi>{amount.before !== null ? m.money(amount.before) : '—'}</bdi>
        {m.language === 'ar' ? ' ← ' : ' → '}
        <bdi>{amount.after !== null ? m.money(amount.after) : '—'}</bdi>
      </span>
    );
  };

  const columns: TableProps<MoneyHistoryItem>['columns'] = phone
    ? [
        {
          key: 'what',
          title: t('history.columns.what'),
          render: (_, r) => (
            <Flex vertical>
              <span>{what(r)}</span>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {when(r)} · {r.userName}
              </Typography.Text>
              {change(r)}
            </Flex>
          ),
        },
      ]
    : [
        { key: 'when', title: t('history.columns.when'), render: (_, r) => when(r) },
        { key: 'who', title: t('history.columns.who'), dataIndex: 'userName' },
        { key: 'what', title: t('history.columns.what'), render: (_, r) => what(r) },
        { key: 'amount', title: t('history.columns.amount'), className: 'pay-num', render: (_, r) => change(r) },
      ];

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('history.title')}
      size="large"
      styles={{ wrapper: { maxWidth: '100vw' } }}
      destroyOnHidden
      data-testid="money-history-drawer"
    >
      {history.isError ? (
        <EmptyState description={tc('error.subtitle')}>
          <Button onClick={() => void history.refetch()}>{tc('actions.reload')}</Button>
        </EmptyState>
      ) : !history.isLoading && history.data?.total === 0 ? (
        <EmptyState compact description={t('history.empty')} />
      ) : (
        <Table<MoneyHistoryItem>
          rowKey="id"
          size="small"
          loading={history.isFetching}
          columns={columns}
          dataSource={history.data?.items ?? []}
          pagination={{ current: page, pageSize: PAGE_SIZE, total: history.data?.total ?? 0, showSizeChanger: false, onChange: setPage }}
          data-testid="money-history-table"
        />
      )}
    </Drawer>
  );
}
