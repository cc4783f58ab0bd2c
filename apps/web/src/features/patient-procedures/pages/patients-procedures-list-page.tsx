import { PROCEDURE_STATUSES, type PatientProcedureStatus, type PatientProceduresFilterInput } from '@dental/contract';
import { Card, DatePicker, Flex, Select, Typography } from 'antd';
import { ListSearch } from '../../../components/list-page/list-search';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDebounced } from '../../../components/list-page/use-list-params';
import { DATE_FORMAT, ISO_DAY } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useActiveTreatmentBranches, useBranchDoctors, useMyBranches, usePriceList, useProceduresFilter } from '../api';
import { useProcedureActions, useProcedureFormat } from '../components/procedure-ui';
import { ProceduresTable } from '../components/procedures-table';
import { nameIn } from '../../../lib/local-name';

type Filters = Pick<
  PatientProceduresFilterInput,
  'doctorId' | 'branchId' | 'treatmentBranchId' | 'procedureId' | 'from' | 'to' | 'sortField' | 'sortOrder'
> & { status?: PatientProcedureStatus[] };

/**
 * /PatientsProceduresList: every patient's procedures in the user's branches: filters by status, doctor, branch,
 * creation dates, treatment branch and procedure, a patient search; paged; totals over everything that matches.
 * A row opens the patient file's procedures tab.
 */
export default function PatientsProceduresListPage() {
  const { t } = useTranslation('patient-procedures');
  const navigate = useNavigate();
  const session = useSession();
  const f = useProcedureFormat();
  const [filters, setFilters] = useState<Filters>({});
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const debounced = useDebounced(search);
  const list = useProceduresFilter({ ...filters, search: debounced.trim() || undefined, page, pageSize } as PatientProceduresFilterInput);
  const branches = useMyBranches();
  const doctors = useBranchDoctors(filters.branchId ?? session?.branchId ?? null);
  const treatmentBranches = useActiveTreatmentBranches();
  const priceList = usePriceList(filters.branchId ?? session?.branchId ?? null);
  const reload = list.refetch;
  const actions = useProcedureActions(reload);

  const set = (patch: Partial<Filters>) => {
    setFilters((x) => ({ ...x, ...patch }));
    setPage(1);
  };
  const totals = list.data?.totals;

  return (
    <Card>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBlockEnd: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('list.allTitle')}
        </Typography.Title>
        {totals && (
          <Typography.Text strong data-testid="filter-totals">
            {t('totals.filter', { count: totals.count, price: f.money(totals.price), discount: f.money(totals.discount), net: f.money(totals.net) })}
          </Typography.Text>
        )}
      </Flex>
      <Flex wrap gap={8} style={{ marginBlockEnd: 16 }} role="search">
        <ListSearch
          label={t('filters.patient')}
          value={search}
          onSearch={(text) => {
            setSearch(text);
            setPage(1);
          }}
          style={{ width: 220 }}
        />
        <Select<PatientProcedureStatus[]>
          mode="multiple"
          allowClear
          placeholder={t('filters.status')}
          aria-label={t('filters.status')}
          style={{ minWidth: 200 }}
          value={filters.status}
          onChange={(v) => set({ status: v.length ? v : undefined })}
          options={PROCEDURE_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
        />
        <Select<number>
          allowClear
          placeholder={t('filters.branch')}
          aria-label={t('filters.branch')}
          style={{ minWidth: 160 }}
          value={filters.branchId}
          onChange={(v) => set({ branchId: v, doctorId: undefined, procedureId: undefined })}
          options={(branches.data?.items ?? []).map((b) => ({ value: b.branchId, label: b.name }))}
        />
        <Select<number>
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('filters.doctor')}
          aria-label={t('filters.doctor')}
          style={{ minWidth: 160 }}
          value={filters.doctorId}
          onChange={(v) => set({ doctorId: v })}
          options={(doctors.data?.doctors ?? []).map((d) => ({ value: d.id, label: d.name }))}
        />
        <Select<number>
          allowClear
          placeholder={t('filters.treatmentBranch')}
          aria-label={t('filters.treatmentBranch')}
          style={{ minWidth: 180 }}
          value={filters.treatmentBranchId}
          onChange={(v) => set({ treatmentBranchId: v, procedureId: undefined })}
          options={(treatmentBranches.data?.items ?? []).map((b) => ({ value: b.id, label: nameIn(f.language, b.nameAr, b.nameEn, b.nameFr) }))}
        />
        <Select<number>
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('filters.procedure')}
          aria-label={t('filters.procedure')}
          style={{ minWidth: 200 }}
          value={filters.procedureId}
          onChange={(v) => set({ procedureId: v })}
          options={(priceList.data?.items ?? [])
            .filter((r) => !filters.treatmentBranchId || r.treatmentBranchId === filters.treatmentBranchId)
            .map((r) => ({ value: r.procedureId, label: `${nameIn(f.language, r.nameAr, r.nameEn, r.nameFr)}${r.code ? ` (${r.code})` : ''}` }))}
        />
        <DatePicker.RangePicker
          format={DATE_FORMAT}
          aria-label={t('filters.dates')}
          placeholder={[t('filters.from'), t('filters.to')]}
          onChange={(range: [Dayjs | null, Dayjs | null] | null) =>
            set({ from: range?.[0]?.format(ISO_DAY), to: range?.[1]?.format(ISO_DAY) })
          }
        />
      </Flex>
      {actions.contextHolder}
      <ProceduresTable
        showPatient
        items={list.data?.items ?? []}
        loading={list.isFetching}
        canWrite={false}
        actions={actions}
        pagination={{
          current: page,
          pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          onChange: (p, s) => {
            setPage(s !== pageSize ? 1 : p);
            setPageSize(s);
          },
        }}
        onRow={(r) => ({ onClick: () => navigate(`/Patient/${r.patientId}/8`), style: { cursor: 'pointer' } })}
      />
    </Card>
  );
}
