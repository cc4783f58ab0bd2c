import { EyeOutlined } from '@ant-design/icons';
import {
  LIMITS,
  type PatientListItem,
  type PatientSortField,
  authCalls,
  tierRank,
} from '@dental/contract';
import { Button, DatePicker, Flex, Select, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ListPage } from '../../../components/list-page/list-page';
import { MEDIUM_UP, SMALL_UP, phoneLayout, usePhone } from '../../../components/list-page/list-table';
import { RowActions } from '../../../components/list-page/row-actions';
import { useListParams } from '../../../components/list-page/use-list-params';
import { DATE_FORMAT, formatDate } from '../../../lib/format';
import { useCan } from '../../../lib/permissions';
import { useCall } from '../../../lib/query';
import { useSession } from '../../../lib/session';
import { systemName, systemOptions } from '../../../lib/system-lookups';
import { notify } from '../../../lib/toast';
import { useDeletePatient, useInsuranceCompanyOptions, usePatients, useUpdatePatientsStatus } from '../api';
import { PatientTypeTag, useAge } from '../components/patient-tags';
import { MobileText } from '../mobile';

interface Filters {
  patientType?: PatientListItem['patientType'];
  gender?: 'M' | 'F';
  branchId?: number;
  insuranceCompanyId?: number;
  isActive?: boolean;
  created?: [Dayjs, Dayjs] | null;
}

/** /PatientsList: quick search from 3 characters, filters, sorting, paging 30, bulk activate/deactivate. */
export default function PatientsListPage() {
  const { t } = useTranslation('patients');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const user = useSession()?.user;
  const insuranceOpen = !!user && tierRank(user.subscriptionType) >= tierRank('ST2');
  const list = useListParams<PatientSortField>();
  const [filters, setFilters] = useState<Filters>({});
  const [selected, setSelected] = useState<number[]>([]);
  const quick = list.params.search && list.params.search.length >= LIMITS.patientSearchMinChars ? list.params.search : undefined;
  const patients = usePatients({
    ...list.params,
    search: quick,
    patientType: filters.patientType,
    gender: filters.gender,
    branchId: filters.branchId,
    insuranceCompanyId: filters.insuranceCompanyId,
    isActive: filters.isActive,
    createdFrom: filters.created?.[0].format('YYYY-MM-DD'),
    createdTo: filters.created?.[1].format('YYYY-MM-DD'),
  });
  const branches = useCall(authCalls.getClinicBranches, {}, { staleTime: 60_000 });
  const companies = useInsuranceCompanyOptions(insuranceOpen);
  const status = useUpdatePatientsStatus();
  const remove = useDeletePatient();
  const age = useAge();
  const canAdd = useCan('patient_add');
  const canEdit = useCan('patient_edit');
  const canDelete = useCan('patient_delete');
  const set = <K extends keyof Filters>(key: K) => (value: Filters[K]) => {
    setFilters((f) => ({ ...f, [key]: value ?? undefined }));
    list.firstPage();
  };
  const filtered = Object.values(filters).some((v) => v !== undefined && v !== null);

  // a phone keeps the code, the name (a link to the file, wrapping) and edit/delete in a table as wide as the screen;
  // the other columns come from 576/768 px up, where the table scrolls sideways under its fixed actions
  const phone = usePhone();
  const columns: TableColumnsType<PatientListItem> = [
    { key: 'code', dataIndex: 'code', title: t('fields.code'), sorter: true, sortOrder: list.sortOrderOf('code'), width: phone ? 64 : 90 },
    {
      key: 'name', dataIndex: 'name', title: t('fields.name'), sorter: true, sortOrder: list.sortOrderOf('name'),
      render: (name: string, p) => (
        <Space direction="vertical" size={0}>
          <Link to={`/Patient/${p.id}/1`}>{name}</Link>
          {p.parentName && <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('fields.parent')}: {p.parentName}</Typography.Text>}
        </Space>
      ),
    },
    { key: 'mobile', dataIndex: 'mobile', title: t('fields.mobile'), responsive: SMALL_UP, render: (m: string | null) => <MobileText value={m} /> },
    { key: 'patientType', dataIndex: 'patientType', title: t('fields.patientType'), responsive: MEDIUM_UP, render: (v: PatientListItem['patientType']) => <PatientTypeTag type={v} /> },
    { key: 'gender', dataIndex: 'gender', title: t('fields.gender'), responsive: MEDIUM_UP, render: (g: string | null) => systemName('Gender', g) },
    { key: 'dateOfBirth', dataIndex: 'dateOfBirth', title: t('fields.age'), responsive: MEDIUM_UP, sorter: true, sortOrder: list.sortOrderOf('dateOfBirth'), render: (d: string | null) => age(d) },
    ...(insuranceOpen ? [{ key: 'insurance', dataIndex: 'insuranceCompanyName', title: t('fields.insuranceCompany'), responsive: MEDIUM_UP }] : []),
    {
      key: 'isActive', dataIndex: 'isActive', title: t('fields.status'), responsive: MEDIUM_UP,
      render: (a: boolean) => <Tag color={a ? 'green' : 'default'}>{a ? t('active') : t('inactive')}</Tag>,
    },
    { key: 'createdAt', dataIndex: 'createdAt', title: t('fields.createdAt'), responsive: MEDIUM_UP, sorter: true, sortOrder: list.sortOrderOf('createdAt'), render: formatDate },
    {
      key: 'actions', title: tc('crud.actions'), width: phone ? 80 : 140,
      render: (_, p) => (
        <Space size={0}>
          {!phone && <Button type="text" icon={<EyeOutlined />} aria-label={t('list.open')} title={t('list.open')} onClick={() => navigate(`/Patient/${p.id}/1`)} />}
          <RowActions
            name={p.name}
            onEdit={canEdit ? () => navigate(`/EditPatient/${p.id}`) : undefined}
            onDelete={canDelete ? () => remove.mutateAsync({ id: p.id }).then(() => notify.success(tc('crud.deleted'))) : undefined}
          />
        </Space>
      ),
    },
  ];

  const bulk = (isActive: boolean) =>
    status.mutateAsync({ ids: selected, isActive }).then((r) => {
      notify.success(t('list.statusUpdated', { count: r.updated }));
      setSelected([]);
    });

  const tooShort = !!list.search.trim() && list.search.trim().length < LIMITS.patientSearchMinChars;

  return (
    <ListPage
      title={t('list.title')}
      search={list.search}
      onSearch={list.setSearch}
      searchPlaceholder={t('list.search')}
      onAdd={canAdd ? () => navigate('/AddPatient') : undefined}
      addLabel={t('list.add')}
    >
      <Flex wrap gap="small" style={{ marginBlockEnd: 12 }}>
        <Select allowClear placeholder={t('list.allTypes')} aria-label={t('fields.patientType')} style={{ width: 150 }} value={filters.patientType} onChange={set('patientType')} options={systemOptions('PatientType')} />
        <Select allowClear placeholder={t('list.allGenders')} aria-label={t('fields.gender')} style={{ width: 120 }} value={filters.gender} onChange={set('gender')} options={systemOptions('Gender')} />
        {(branches.data?.items.length ?? 0) > 1 && (
          <Select allowClear placeholder={t('list.allBranches')} aria-label={t('fields.branches')} style={{ width: 170 }} value={filters.branchId} onChange={set('branchId')} options={(branches.data?.items ?? []).map((b) => ({ value: b.branchId, label: b.name }))} />
        )}
        {insuranceOpen && (
          <Select allowClear showSearch={{ optionFilterProp: 'label' }} placeholder={t('list.allCompanies')} aria-label={t('fields.insuranceCompany')} style={{ width: 200 }} value={filters.insuranceCompanyId} onChange={set('insuranceCompanyId')} options={(companies.data?.items ?? []).map((c) => ({ value: c.id, label: c.name }))} />
        )}
        <Select allowClear placeholder={t('list.anyStatus')} aria-label={t('fields.status')} style={{ width: 170 }} value={filters.isActive} onChange={set('isActive')} options={[{ value: true, label: t('active') }, { value: false, label: t('inactive') }]} />
        <DatePicker.RangePicker format={DATE_FORMAT} aria-label={t('list.createdRange')} placeholder={[t('list.createdRange'), '']} value={filters.created ?? null} onChange={(v) => set('created')(v as [Dayjs, Dayjs] | null)} />
        {filtered && <Button onClick={() => setFilters({})}>{t('list.clearFilters')}</Button>}
      </Flex>
      {tooShort && <Typography.Text type="secondary" style={{ display: 'block', marginBlockEnd: 8 }}>{t('list.searchMin')}</Typography.Text>}
      {canEdit && selected.length > 0 && (
        <Flex gap="small" align="center" style={{ marginBlockEnd: 12 }}>
          <Typography.Text>{t('list.selected', { count: selected.length })}</Typography.Text>
          <Button size="small" onClick={() => bulk(true)} loading={status.isPending}>{t('list.activate')}</Button>
          <Button size="small" onClick={() => bulk(false)} loading={status.isPending}>{t('list.deactivate')}</Button>
        </Flex>
      )}
      <Table<PatientListItem>
        {...phoneLayout(phone, columns)}
        rowKey="id"
        dataSource={patients.data?.items}
        loading={patients.isFetching}
        rowSelection={canEdit ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) } : undefined}
        pagination={list.pagination(patients.data?.total ?? 0, (n) =>
          patients.data?.totalCapped ? t('list.totalCapped', { count: n }) : tc('crud.total', { count: n }),
        )}
        onChange={list.onTableChange}
        locale={{ emptyText: patients.isLoading ? ' ' : <EmptyState description={quick || filtered ? tc('crud.noMatches') : t('list.empty')} /> }}
      />
    </ListPage>
  );
}
