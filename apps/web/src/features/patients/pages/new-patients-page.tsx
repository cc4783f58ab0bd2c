import { CheckOutlined } from '@ant-design/icons';
import { type PatientListItem, type PatientSortField, clinicCalls } from '@dental/contract';
import { Alert, Button, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ListPage } from '../../../components/list-page/list-page';
import { useListParams } from '../../../components/list-page/use-list-params';
import { formatDateTime } from '../../../lib/format';
import { useCan } from '../../../lib/permissions';
import { useCall } from '../../../lib/query';
import { systemName } from '../../../lib/system-lookups';
import { notify } from '../../../lib/toast';
import { useApprovePatients, useWaitingPatients } from '../api';
import { MobileText } from '../mobile';

/** /NewPatientsList: patients who registered on the public booking page, waiting for the clinic's approval. */
export default function NewPatientsPage() {
  const { t } = useTranslation('patients');
  const { t: tc } = useTranslation();
  const list = useListParams<PatientSortField>({ sortField: 'createdAt', sortOrder: 'ascend' });
  const quick = list.params.search && list.params.search.length >= 3 ? list.params.search : undefined;
  const waiting = useWaitingPatients({ ...list.params, search: quick });
  const approve = useApprovePatients();
  const [selected, setSelected] = useState<number[]>([]);
  const canSeeClinic = useCan('clinic_show');
  const clinic = useCall(clinicCalls.getClinic, {}, { enabled: canSeeClinic, silent: true });

  const run = (ids: number[]) =>
    approve.mutateAsync({ ids }).then((r) => {
      notify.success(t('waiting.approved', { count: r.updated }));
      setSelected((s) => s.filter((id) => !ids.includes(id)));
    });

  const columns: TableColumnsType<PatientListItem> = [
    { key: 'name', dataIndex: 'name', title: t('fields.name'), sorter: true, sortOrder: list.sortOrderOf('name'), render: (n: string, p) => <Link to={`/Patient/${p.id}/1`}>{n}</Link> },
    { key: 'mobile', dataIndex: 'mobile', title: t('fields.mobile'), render: (m: string | null) => <MobileText value={m} /> },
    { key: 'gender', dataIndex: 'gender', title: t('fields.gender'), render: (g: string | null) => systemName('Gender', g) },
    { key: 'createdAt', dataIndex: 'createdAt', title: t('fields.createdAt'), sorter: true, sortOrder: list.sortOrderOf('createdAt'), render: formatDateTime },
    {
      key: 'actions', title: tc('crud.actions'), width: 130, fixed: 'end',
      render: (_, p) => (
        <Button size="small" icon={<CheckOutlined />} onClick={() => run([p.id])} loading={approve.isPending && approve.variables?.ids.includes(p.id)}>
          {t('waiting.approve')}
        </Button>
      ),
    },
  ];

  return (
    <ListPage
      title={t('waiting.title')}
      search={list.search}
      onSearch={list.setSearch}
      searchPlaceholder={t('list.search')}
      extra={
        <Button type="primary" icon={<CheckOutlined />} disabled={!selected.length} onClick={() => run(selected)}>
          {t('waiting.approveSelected', { count: selected.length })}
        </Button>
      }
    >
      {clinic.data && 'autoApprovePatient' in clinic.data && clinic.data.autoApprovePatient && (
        <Alert type="info" showIcon message={t('waiting.autoApproveOn')} style={{ marginBlockEnd: 12 }} />
      )}
      <Table<PatientListItem>
        rowKey="id"
        columns={columns}
        dataSource={waiting.data?.items}
        loading={waiting.isFetching}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
        pagination={list.pagination(waiting.data?.total ?? 0, (n) => tc('crud.total', { count: n }))}
        onChange={list.onTableChange}
        locale={{ emptyText: waiting.isLoading ? ' ' : <EmptyState description={quick ? tc('crud.noMatches') : t('waiting.empty')} /> }}
        scroll={{ x: 'max-content' }}
      />
    </ListPage>
  );
}
