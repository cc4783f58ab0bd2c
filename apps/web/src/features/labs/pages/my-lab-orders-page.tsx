import { type LabOrderStatus, type LabUserAction, type MyLabOrderItem } from '@dental/contract';
import { Alert, Button, Card, Checkbox, Drawer, Flex, Skeleton, Space, Table, type TableProps, Typography } from 'antd';
import { ListSearch } from '../../../components/list-page/list-search';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { useDebounced } from '../../../components/list-page/use-list-params';
import { isApiError } from '../../../lib/api';
import { formatWallDate } from '../../../lib/clinic-time';
import { fieldErrorText } from '../../../lib/i18n';
import { useCan } from '../../../lib/permissions';
import { notify } from '../../../lib/toast';
import { useMyLabOrder, useMyLabOrders, useUpdateMyLabOrderStatus } from '../api';
import { LabOrderAttachments } from '../components/lab-order-attachments';
import { LabOrderHistory, LabStatusTag, MoveDialog, OrderFacts, OverdueTag, PatientCell, ServiceCell, StatusFilter } from '../components/lab-ui';
import { labUserActions } from '../lab-model';

/**
 * /LabMyOrders (issue 16, key lab_own_orders_list): a lab user's landing page. Their lab's orders only (the server
 * answers the order's fields and the patient's name and code, nothing else); the moves a lab may make on each
 * (take into preparation, mark ready); an order's details and history in a drawer.
 */
export default function MyLabOrdersPage() {
  const { t } = useTranslation('labs');
  const { t: tc } = useTranslation();
  const canMove = useCan('lab_own_order_status_update');
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search.trim());
  const [status, setStatus] = useState<LabOrderStatus[]>([]);
  const [overdueOnly, setOverdueOnly] = useState(false);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(30);
  const [open, setOpen] = useState<number | null>(null);
  const orders = useMyLabOrders({
    search: debounced || undefined,
    status: status.length ? status : undefined,
    overdueOnly: overdueOnly || undefined,
    page,
    pageSize,
  });
  const act = useLabUserAct();

  const columns: TableProps<MyLabOrderItem>['columns'] = [
    {
      key: 'orderNo',
      title: t('order.number'),
      render: (_, r) => (
        <Button type="link" style={{ padding: 0 }} onClick={() => setOpen(r.id)} aria-label={`${t('mine.details')} #${r.orderNo}`}>
          <bdi dir="ltr">#{r.orderNo}</bdi>
        </Button>
      ),
    },
    {
      key: 'patient',
      title: t('orders.patient'),
      render: (_, r) => <PatientCell order={r} />,
    },
    {
      key: 'service',
      title: t('orders.service'),
      render: (_, r) => <ServiceCell order={r} />,
    },
    {
      key: 'status',
      title: t('orders.status'),
      render: (_, r) => (
        <Flex gap={4} wrap>
          <LabStatusTag status={r.status} />
          {r.overdue && <OverdueTag expected={r.expectedDeliveryDate} />}
          {r.readyAt && <Typography.Text type="success">{t('history.ready')}</Typography.Text>}
        </Flex>
      ),
    },
    { key: 'expected', title: t('orders.expectedDate'), responsive: ['sm'], render: (_, r) => (r.expectedDeliveryDate ? formatWallDate(r.expectedDeliveryDate) : '—') },
    { key: 'doctor', title: t('orders.doctor'), responsive: ['md'], render: (_, r) => r.doctorName ?? '—' },
    ...(canMove
      ? [
          {
            key: 'actions',
            title: tc('crud.actions'),
            fixed: 'end' as const,
            render: (_: unknown, r: MyLabOrderItem) => <LabUserButtons order={r} act={act} />,
          },
        ]
      : []),
  ];

  const data = orders.data;
  const refused = isApiError(orders.error) ? orders.error.message : null;
  return (
    <Card data-testid="my-lab-orders">
      {act.holder}
      <Flex vertical gap={4} style={{ marginBlockEnd: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {data ? t('mine.title', { lab: data.labName }) : t('mine.titleNoLab')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('mine.hint')}</Typography.Text>
      </Flex>
      <Flex wrap gap={8} style={{ marginBlockEnd: 16 }} role="search">
        <ListSearch
          label={t('orders.search')}
          value={search}
          onSearch={(text) => {
            setSearch(text);
            setPage(1);
          }}
        />
        <StatusFilter
          value={status}
          onChange={(v) => {
            setStatus(v ?? []);
            setPage(1);
          }}
        />
        <Checkbox
          checked={overdueOnly}
          onChange={(e) => {
            setOverdueOnly(e.target.checked);
            setPage(1);
          }}
        >
          {t('orders.overdueOnly')}
        </Checkbox>
      </Flex>
      {refused ? (
        <Alert type="warning" showIcon message={refused} />
      ) : (
        <Table<MyLabOrderItem>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={data?.items}
          loading={orders.isFetching}
          pagination={{
            current: page,
            pageSize,
            total: data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (n) => tc('crud.total', { count: n }),
            onChange: (p, s) => {
              setPage(s !== pageSize ? 1 : p);
              setPageSize(s);
            },
          }}
          locale={{ emptyText: orders.isLoading ? ' ' : <EmptyState description={t('mine.empty')} /> }}
          scroll={{ x: 'max-content' }}
          data-testid="my-lab-orders-table"
        />
      )}
      <MyOrderDrawer id={open} act={canMove ? act : undefined} onClose={() => setOpen(null)} />
    </Card>
  );
}

/** A lab user's move on an order: asks first (with an optional note), then sends it; a refusal says why. */
function useLabUserAct() {
  const { t } = useTranslation('labs');
  const update = useUpdateMyLabOrderStatus();
  const [pending, setPending] = useState<{ order: Pick<MyLabOrderItem, 'id' | 'version' | 'orderNo'>; to: LabUserAction } | null>(null);
  const label = (a: LabUserAction) => t(`mine.action.${a}`);
  const submit = async (note: string | undefined) => {
    if (!pending) return;
    try {
      await update.mutateAsync({ id: pending.order.id, to: pending.to, version: pending.order.version, note });
      notify.success(t('mine.done'));
    } catch (error) {
      notify.warning(isApiError(error) ? error.message : fieldErrorText('unexpected'));
      throw error;
    }
  };
  const holder = (
    <MoveDialog
      move={pending ? { title: `${label(pending.to)} — #${pending.order.orderNo}`, okText: label(pending.to) } : null}
      onSubmit={submit}
      onClose={() => setPending(null)}
    />
  );
  return { run: (order: Pick<MyLabOrderItem, 'id' | 'version' | 'orderNo'>, to: LabUserAction) => setPending({ order, to }), label, holder, busy: update.isPending };
}
type Act = ReturnType<typeof useLabUserAct>;

function LabUserButtons({ order, act }: { order: Pick<MyLabOrderItem, 'id' | 'version' | 'orderNo' | 'status' | 'readyAt'>; act: Act }) {
  const actions = labUserActions(order);
  if (actions.length === 0) return null;
  return (
    <Space size={4} wrap>
      {actions.map((a) => (
        <Button key={a} size="small" type="primary" ghost={a !== 'ready'} loading={act.busy} onClick={() => act.run(order, a)} data-testid={`lab-act-${a}`}>
          {act.label(a)}
        </Button>
      ))}
    </Space>
  );
}

function MyOrderDrawer({ id, act, onClose }: { id: number | null; act?: Act; onClose: () => void }) {
  const { t } = useTranslation('labs');
  const order = useMyLabOrder(id ?? undefined);
  const o = order.data;
  return (
    <Drawer open={id !== null} onClose={onClose} title={o ? `${t('mine.details')} #${o.orderNo}` : t('mine.details')} size="large" destroyOnHidden>
      {!o ? (
        <Skeleton active />
      ) : (
        <Flex vertical gap={16}>
          <Space wrap>
            <LabStatusTag status={o.status} />
            {o.overdue && <OverdueTag expected={o.expectedDeliveryDate} />}
            {act && <LabUserButtons order={o} act={act} />}
          </Space>
          <OrderFacts order={o} columns={1} />
          <LabOrderAttachments labOrderId={o.id} status={o.status} mine canAdd={!!act} />
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('order.history')}
          </Typography.Title>
          <LabOrderHistory history={o.history} />
        </Flex>
      )}
    </Drawer>
  );
}
