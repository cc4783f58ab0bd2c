import type { PatientPaymentReportInput, PatientPaymentReportItem } from '@dental/contract';
import { Card, Flex, Input, Select, Table, type TableProps, Typography } from 'antd';
import { ListSearch } from '../../../components/list-page/list-search';
import type { SorterResult } from 'antd/es/table/interface';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { useDebounced } from '../../../components/list-page/use-list-params';
import { clinicToday, formatWallDate } from '../../../lib/clinic-time';
import { MobileText } from '../../patients/mobile';
import { useSession } from '../../../lib/session';
import { useMyBranches } from '../../patient-procedures/api';
import { usePatientPaymentReport } from '../api';
import { useMoney } from '../components/money';
import { amountProblem } from '../payments-model';
import '../payments.css';

type SortField = NonNullable<PatientPaymentReportInput['sortField']>;
const AGES = [30, 60, 90, 180, 365] as const;

/** Whole days between two calendar days ('YYYY-MM-DD'). */
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * /PatientsPaymentsList (spec §2, key patient_remaining_payments): the patients who still owe, in the user's branches:
 * filters by branch, patient search, minimum remaining and age of the debt; totals over everything that matches;
 * sorted by remaining (default) or by the age of the debt; paged. A row opens the patient's payments tab.
 */
export default function PatientsPaymentsListPage() {
  const { t } = useTranslation('payments');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const m = useMoney();
  const timeZone = useSession()?.user.timeZone ?? 'UTC';
  const today = clinicToday(timeZone);
  const branches = useMyBranches();
  const [branchId, setBranchId] = useState<number | undefined>();
  const [search, setSearch] = useState('');
  const [minText, setMinText] = useState('');
  const [age, setAge] = useState<number | undefined>();
  const [sort, setSort] = useState<{ field: SortField; order: 'ascend' | 'descend' }>({ field: 'remaining', order: 'descend' });
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(30);
  const debounced = useDebounced(search.trim());
  const minDebounced = useDebounced(minText.trim());
  const minValid = minDebounced !== '' && amountProblem(minDebounced, '99999999999', m.decimals) !== 'invalid';
  const filtered = !!(branchId || debounced || minValid || age);

  const report = usePatientPaymentReport({
    branchId,
    search: debounced || undefined,
    minRemaining: minValid ? minDebounced : undefined,
    debtAgeDays: age,
    sortField: sort.field,
    sortOrder: sort.order,
    page,
    pageSize,
  });

  const sortOrderOf = (field: SortField) => (sort.field === field ? sort.order : null);
  const columns: TableProps<PatientPaymentReportItem>['columns'] = [
    {
      key: 'patient',
      title: t('columns.patient'),
      render: (_, r) => (
        <Flex vertical>
          <Link to={`/Patient/${r.patientId}/9`} onClick={(e) => e.stopPropagation()} data-testid="report-patient">
            <bdi>{r.patientName}</bdi>
          </Link>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            <bdi dir="ltr">{r.patientCode}</bdi>
          </Typography.Text>
        </Flex>
      ),
    },
    { key: 'mobile', title: t('columns.mobile'), responsive: ['md'], render: (_, r) => <MobileText value={r.mobile} /> },
    { key: 'due', title: t('columns.due'), align: 'end', className: 'pay-num', responsive: ['lg'], render: (_, r) => m.money(r.patientShare) },
    { key: 'paid', title: t('columns.paid'), align: 'end', className: 'pay-num', responsive: ['md'], render: (_, r) => m.money(r.paid) },
    {
      key: 'remaining',
      title: t('columns.remaining'),
      align: 'end', className: 'pay-num',
      sorter: true,
      sortOrder: sortOrderOf('remaining'),
      sortDirections: ['descend', 'ascend', 'descend'],
      render: (_, r) => <strong data-testid="report-remaining">{m.money(r.remaining)}</strong>,
    },
    {
      key: 'oldestUnpaidOn',
      title: t('columns.age'),
      sorter: true,
      sortOrder: sortOrderOf('oldestUnpaidOn'),
      sortDirections: ['ascend', 'descend', 'ascend'],
      render: (_, r) => (
        <Flex vertical>
          <span>{t('list.days', { count: Math.max(0, daysBetween(r.oldestUnpaidOn, today)) })}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {formatWallDate(r.oldestUnpaidOn)}
          </Typography.Text>
        </Flex>
      ),
    },
  ];

  const onChange: TableProps<PatientPaymentReportItem>['onChange'] = (pagination, _filters, sorter) => {
    const s = sorter as SorterResult<PatientPaymentReportItem>;
    const field = (s.columnKey as SortField | undefined) ?? 'remaining';
    const order = s.order === 'ascend' ? 'ascend' : 'descend';
    if (field !== sort.field || order !== sort.order) {
      setSort({ field, order });
      setPage(1);
      return;
    }
    const size = pagination.pageSize ?? pageSize;
    setPage(size !== pageSize ? 1 : (pagination.current ?? 1));
    setPageSize(size);
  };

  const totals = report.data?.totals;
  const empty = report.data && report.data.total === 0;

  return (
    <Card data-testid="payments-report">
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBlockEnd: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('list.title')}
        </Typography.Title>
        {totals && (
          <Typography.Text strong data-testid="report-totals">
            {t('list.totals', { count: report.data!.total, remaining: m.money(totals.remaining) })}
          </Typography.Text>
        )}
      </Flex>
      <Flex wrap gap={8} style={{ marginBlockEnd: 16 }} role="search">
        <ListSearch
          label={t('list.search')}
          value={search}
          onSearch={(text) => {
            setSearch(text);
            setPage(1);
          }}
        />
        <Select<number>
          allowClear
          placeholder={t('list.branch')}
          aria-label={t('list.branch')}
          style={{ flex: '1 1 160px' }}
          value={branchId}
          onChange={(v) => {
            setBranchId(v);
            setPage(1);
          }}
          options={(branches.data?.items ?? []).map((b) => ({ value: b.branchId, label: b.name }))}
        />
        <Input
          allowClear
          inputMode="decimal"
          placeholder={t('list.minRemaining')}
          aria-label={t('list.minRemaining')}
          value={minText}
          status={minText.trim() && amountProblem(minText, '99999999999', m.decimals) === 'invalid' ? 'error' : undefined}
          onChange={(e) => {
            setMinText(e.target.value);
            setPage(1);
          }}
          suffix={m.currency}
          style={{ flex: '1 1 180px' }}
        />
        <Select<number>
          allowClear
          placeholder={t('list.age')}
          aria-label={t('list.age')}
          style={{ flex: '1 1 200px' }}
          value={age}
          onChange={(v) => {
            setAge(v);
            setPage(1);
          }}
          options={AGES.map((d) => ({ value: d, label: `${t('list.age')} ${t('list.ageDays', { count: d })}` }))}
        />
      </Flex>
      {empty ? (
        <EmptyState description={filtered ? t('list.noMatches') : t('list.empty')} />
      ) : (
        <Table<PatientPaymentReportItem>
          rowKey="patientId"
          size="small"
          columns={columns}
          dataSource={report.data?.items ?? []}
          loading={report.isFetching}
          onChange={onChange}
          onRow={(r) => ({ onClick: () => navigate(`/Patient/${r.patientId}/9`), style: { cursor: 'pointer' } })}
          pagination={{
            current: page,
            pageSize,
            total: report.data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (n) => tc('crud.total', { count: n }),
          }}
          data-testid="payments-report-table"
        />
      )}
    </Card>
  );
}
