import { PlusOutlined } from '@ant-design/icons';
import { type LabOrderItem, type LabOrderSortField, type LabOrderStatus } from '@dental/contract';
import { Button, Card, Checkbox, DatePicker, Flex, Select, Table, type TableProps, Typography } from 'antd';
import { ListSearch } from '../../../components/list-page/list-search';
import type { SorterResult } from 'antd/es/table/interface';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { useDebounced } from '../../../components/list-page/use-list-params';
import { formatWallDate } from '../../../lib/clinic-time';
import { DATE_FORMAT, ISO_DAY } from '../../../lib/format';
import { useMoney } from '../../payments/components/money';
import { useDoctors, useLabChoices, useLabOrders } from '../api';
import { DANGER_TEXT, LabStatusTag, OverdueTag, PatientCell, ServiceCell, StatusFilter } from '../components/lab-ui';
import '../labs.css';

interface Filters {
  status?: LabOrderStatus[];
  labId?: number;
  doctorId?: number;
  from?: string;
  to?: string;
  overdueOnly?: boolean;
}

/**
 * /LabsOrders (issue 16, key lab_orders_list): the clinic's lab orders with filters (patient search, statuses, lab,
 * doctor, send dates, overdue only), sorting and paging; totals over every match. An overdue order says so in words
 * on its row. `?overdue=1` opens with the overdue filter, `?lab=<id>` with a lab. A row opens the order.
 */
export default function LabOrdersPage() {
  const { t } = useTranslation('labs');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const m = useMoney();
  const labs = useLabChoices();
  const doctors = useDoctors();
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search.trim());
  const [filters, setFilters] = useState<Filters>(() => ({
    overdueOnly: query.get('overdue') === '1' || undefined,
    labId: Number(query.get('lab')) || undefined,
  }));
  const [sort, setSort] = useState<{ field?: LabOrderSortField; order?: 'ascend' | 'descend' }>({});
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(30);
  const patientId = Number(query.get('patient')) || undefined;
  const set = (patch: Partial<Filters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };

  const orders = useLabOrders({
    ...filters,
    patientId,
    dateField: 'sendDate',
    search: debounced || undefined,
    sortField: sort.order ? sort.field : undefined,
    sortOrder: sort.order,
    page,
    pageSize,
  });
  const filtered = !!(debounced || patientId || Object.values(filters).some((v) => v !== undefined && (!Array.isArray(v) || v.length)));
  const sortOrderOf = (field: LabOrderSortField) => (sort.field === field ? (sort.order ?? null) : null);

  const columns: TableProps<LabOrderItem>['columns'] = [
    {
      key: 'orderNo',
      title: t('order.number'),
      render: (_, r) => (
        <Flex vertical>
          <Link to={`/LabOrderDetails/${r.id}`} onClick={(e) => e.stopPropagation()} data-testid="lab-order-link">
            <bdi dir="ltr">#{r.orderNo}</bdi>
          </Link>
          {/* the status column may be scrolled out of sight on a phone: the order says it is late where it starts */}
          {r.overdue && (
            <Typography.Text strong style={{ color: DANGER_TEXT, fontSize: 12 }}>
              {t('overdue')}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      key: 'patientName',
      title: t('orders.patient'),
      sorter: true,
      sortOrder: sortOrderOf('patientName'),
      render: (_, r) => <PatientCell order={r} />,
    },
    {
      key: 'service',
      title: t('orders.service'),
      render: (_, r) => <ServiceCell order={r} />,
    },
    { key: 'labName', dataIndex: 'labName', title: t('orders.lab'), sorter: true, sortOrder: sortOrderOf('labName'), responsive: ['sm'] },
    {
      key: 'status',
      title: t('orders.status'),
      sorter: true,
      sortOrder: sortOrderOf('status'),
      render: (_, r) => (
        <Flex gap={4} wrap>
          <LabStatusTag status={r.status} />
          {r.overdue && <OverdueTag expected={r.expectedDeliveryDate} />}
          {r.readyAt && (r.status === 'LOS2' || r.status === 'LOS5') && <Typography.Text type="success">{t('history.ready')}</Typography.Text>}
        </Flex>
      ),
    },
    { key: 'sendDate', title: t('orders.sendDate'), sorter: true, sortOrder: sortOrderOf('sendDate'), responsive: ['md'], render: (_, r) => (r.sendDate ? formatWallDate(r.sendDate) : '—') },
    {
      key: 'expectedDeliveryDate',
      title: t('orders.expectedDate'),
      sorter: true,
      sortOrder: sortOrderOf('expectedDeliveryDate'),
      responsive: ['md'],
      render: (_, r) => (r.expectedDeliveryDate ? formatWallDate(r.expectedDeliveryDate) : '—'),
    },
    { key: 'doctor', title: t('orders.doctor'), responsive: ['lg'], render: (_, r) => r.doctorName ?? '—' },
    { key: 'price', title: t('orders.price'), align: 'end', responsive: ['lg'], render: (_, r) => <bdi>{m.money(r.price)}</bdi> },
  ];

  const onChange: TableProps<LabOrderItem>['onChange'] = (pagination, _filters, sorter) => {
    const s = sorter as SorterResult<LabOrderItem>;
    const field = s.columnKey as LabOrderSortField | undefined;
    const order = s.order ?? undefined;
    if (field !== sort.field || order !== sort.order) {
      setSort({ field, order });
      setPage(1);
      return;
    }
    const size = pagination.pageSize ?? pageSize;
    setPage(size !== pageSize ? 1 : (pagination.current ?? 1));
    setPageSize(size);
  };

  const totals = orders.data?.totals;
  return (
    <Card data-testid="lab-orders">
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBlockEnd: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('orders.title')}
        </Typography.Title>
        <Flex gap={8} align="center" wrap>
          {totals && (
            <Typography.Text strong data-testid="lab-orders-totals">
              {t('orders.totals', { count: totals.count, price: m.money(totals.price) })}
              {totals.overdue > 0 && (
                <Typography.Text strong style={{ color: DANGER_TEXT }}>
                  {' · '}
                  {t('orders.overdueCount', { count: totals.overdue })}
                </Typography.Text>
              )}
            </Typography.Text>
          )}
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/LabOrderDetails')} data-testid="new-lab-order">
            {t('orders.new')}
          </Button>
        </Flex>
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
        <StatusFilter value={filters.status} onChange={(v) => set({ status: v })} />
        <Select<number>
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('orders.lab')}
          aria-label={t('orders.lab')}
          style={{ flex: '1 1 160px' }}
          value={filters.labId}
          onChange={(v) => set({ labId: v })}
          options={(labs.data?.items ?? []).map((l) => ({ value: l.id, label: l.name }))}
        />
        <Select<number>
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('orders.doctor')}
          aria-label={t('orders.doctor')}
          style={{ flex: '1 1 160px' }}
          value={filters.doctorId}
          onChange={(v) => set({ doctorId: v })}
          options={(doctors.data?.items ?? []).map((d) => ({ value: d.id, label: d.name }))}
        />
        <DatePicker.RangePicker
          format={DATE_FORMAT}
          aria-label={t('orders.dates')}
          placeholder={[t('orders.from'), t('orders.to')]}
          onChange={(range: [Dayjs | null, Dayjs | null] | null) => set({ from: range?.[0]?.format(ISO_DAY), to: range?.[1]?.format(ISO_DAY) })}
        />
        <Checkbox checked={!!filters.overdueOnly} onChange={(e) => set({ overdueOnly: e.target.checked || undefined })} data-testid="overdue-only">
          {t('orders.overdueOnly')}
        </Checkbox>
      </Flex>
      <Table<LabOrderItem>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={orders.data?.items}
        loading={orders.isFetching}
        onChange={onChange}
        rowClassName={(r) => (r.overdue ? 'lab-row-overdue' : '')}
        onRow={(r) => ({ onClick: () => navigate(`/LabOrderDetails/${r.id}`), style: { cursor: 'pointer' } })}
        pagination={{
          current: page,
          pageSize,
          total: orders.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (n) => tc('crud.total', { count: n }),
        }}
        locale={{
          emptyText: orders.isLoading ? ' ' : <EmptyState description={filtered ? t('orders.noMatches') : t('orders.empty')} />,
        }}
        scroll={{ x: 'max-content' }}
        data-testid="lab-orders-table"
      />
    </Card>
  );
}
