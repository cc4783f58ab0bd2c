import { DeleteOutlined, EditOutlined, EyeOutlined, FileTextOutlined, LinkOutlined, PlusOutlined } from '@ant-design/icons';
import type { PrescriptionListItem } from '@dental/contract';
import { Button, Flex, Table, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { MEDIUM_UP, SMALL_UP, stickyActions } from '../../../components/list-page/list-table';
import { formatDate } from '../../../lib/format';
import { useCan } from '../../../lib/permissions';
import { notify } from '../../../lib/toast';
import { useDeletePrescriptions, usePatientPrescriptions } from '../api';
import { namesList } from '../prescription-model';
import { ConfirmDeleteDraft } from './confirm-delete-draft';

/** A patient's prescriptions, newest first: status, date, doctor, drugs; open, print, delete a draft; write a new one. */
export function PatientPrescriptions({ patientId }: { patientId: number }) {
  const { t, i18n } = useTranslation('prescriptions');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const [page, setPage] = useState({ page: 1, pageSize: 10 });
  const list = usePatientPrescriptions({ patientId, ...page });
  const remove = useDeletePrescriptions();
  const canAdd = useCan('prescription_add');
  const canDelete = useCan('prescription_delete');

  const columns: TableColumnsType<PrescriptionListItem> = [
    { key: 'date', title: t('fields.date'), dataIndex: 'date', render: (d: string) => <bdi>{formatDate(d)}</bdi> },
    {
      key: 'status',
      title: t('fields.status'),
      render: (_, r) => (
        <Flex gap={4} wrap>
          <Tag color={r.status === 'published' ? 'green' : 'gold'}>{t(`status.${r.status}`)}</Tag>
          {r.hasPublicLink && (
            <Tooltip title={t('actions.linkOpen')}>
              <LinkOutlined aria-label={t('actions.linkOpen')} />
            </Tooltip>
          )}
        </Flex>
      ),
    },
    { key: 'doctor', title: t('fields.doctor'), dataIndex: 'doctorName', responsive: SMALL_UP },
    {
      key: 'drugs',
      title: t('list.drugs'),
      responsive: MEDIUM_UP,
      render: (_, r) => (
        <Typography.Text ellipsis={{ tooltip: true }} style={{ maxWidth: 320 }}>
          {namesList(r.drugNames, i18n.language)}
        </Typography.Text>
      ),
    },
    { key: 'diagnosis', title: t('fields.diagnosis'), dataIndex: 'diagnosis', responsive: MEDIUM_UP, ellipsis: true },
    {
      key: 'actions',
      title: tc('crud.actions'),
      render: (_, r) => {
        const name = `${t('doc.title')} ${formatDate(r.date)}`;
        return (
          <Flex gap={2}>
            <Tooltip title={r.status === 'draft' ? t('actions.edit') : t('actions.open')}>
              <Button
                type="text"
                icon={r.status === 'draft' ? <EditOutlined /> : <EyeOutlined />}
                aria-label={`${r.status === 'draft' ? t('actions.edit') : t('actions.open')} ${name}`}
                onClick={() => navigate(`/Prescription/${r.id}`)}
              />
            </Tooltip>
            <Tooltip title={t('actions.details')}>
              <Button type="text" icon={<FileTextOutlined />} aria-label={`${t('actions.details')} ${name}`} onClick={() => navigate(`/PrescriptionDetails/${r.id}`)} />
            </Tooltip>
            {canDelete && r.status === 'draft' && (
              <ConfirmDeleteDraft onConfirm={() => remove.mutateAsync({ ids: [r.id] }).then(() => notify.success(tc('crud.deleted')))}>
                <Button type="text" danger icon={<DeleteOutlined />} aria-label={`${tc('actions.delete')} ${name}`} />
              </ConfirmDeleteDraft>
            )}
          </Flex>
        );
      },
    },
  ];

  return (
    <div data-testid="patient-prescriptions">
      <Flex justify="space-between" align="center" wrap gap="small" style={{ marginBlockEnd: 12 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('list.title')}
        </Typography.Title>
        {canAdd && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(`/Prescription/0/${patientId}`)}>
            {t('list.add')}
          </Button>
        )}
      </Flex>
      <Table<PrescriptionListItem>
        rowKey="id"
        columns={stickyActions(columns)}
        dataSource={list.data?.items}
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: page.page,
          pageSize: page.pageSize,
          total: list.data?.total ?? 0,
          hideOnSinglePage: true,
          onChange: (p, size) => setPage({ page: size !== page.pageSize ? 1 : p, pageSize: size }),
          showTotal: (n) => tc('crud.total', { count: n }),
        }}
        locale={{ emptyText: list.isLoading ? ' ' : <EmptyState description={t('list.empty')} /> }}
      />
    </div>
  );
}
