import type { PrescriptionTemplateListItem } from '@dental/contract';
import type { TableColumnsType } from 'antd';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ListPage } from '../../../components/list-page/list-page';
import { ListTable, MEDIUM_UP } from '../../../components/list-page/list-table';
import { RowActions } from '../../../components/list-page/row-actions';
import { useListParams } from '../../../components/list-page/use-list-params';
import { formatDate } from '../../../lib/format';
import { useCan } from '../../../lib/permissions';
import { notify } from '../../../lib/toast';
import { useDeleteTemplate, useTemplates } from '../api';
import { namesList } from '../prescription-model';

/** /PrescriptionTemplatesList: the clinic's prescription templates (search, sort, paging, delete after confirming). */
export default function TemplatesPage() {
  const { t, i18n } = useTranslation('prescriptions');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const list = useListParams<'name' | 'updatedAt'>({ sortField: 'name', sortOrder: 'ascend' });
  const templates = useTemplates(list.params);
  const remove = useDeleteTemplate();
  const canAdd = useCan('prescription_template_add');
  const canEdit = useCan('prescription_template_edit');
  const canDelete = useCan('prescription_template_delete');

  const columns: TableColumnsType<PrescriptionTemplateListItem> = [
    { key: 'name', dataIndex: 'name', title: t('fields.name'), sorter: true, sortOrder: list.sortOrderOf('name') },
    {
      key: 'drugs',
      title: t('fields.drugs'),
      responsive: MEDIUM_UP,
      render: (_, r) => (
        <Typography.Text ellipsis={{ tooltip: true }} style={{ maxWidth: 380 }}>
          {namesList(r.drugNames, i18n.language)}
        </Typography.Text>
      ),
    },
    {
      key: 'updatedAt',
      dataIndex: 'updatedAt',
      title: t('templates.updatedAt'),
      sorter: true,
      sortOrder: list.sortOrderOf('updatedAt'),
      render: (d: string) => <bdi>{formatDate(d)}</bdi>,
    },
    {
      key: 'actions',
      title: tc('crud.actions'),
      width: 120,
      render: (_, r) => (
        <RowActions
          name={r.name}
          onEdit={canEdit ? () => navigate(`/PrescriptionTemplate/${r.id}`) : undefined}
          onDelete={canDelete ? () => remove.mutateAsync({ id: r.id }).then(() => notify.success(tc('crud.deleted'))) : undefined}
        />
      ),
    },
  ];

  return (
    <ListPage
      title={t('templates.title')}
      search={list.search}
      onSearch={list.setSearch}
      searchPlaceholder={t('templates.search')}
      onAdd={canAdd ? () => navigate('/PrescriptionTemplate') : undefined}
      addLabel={t('templates.add')}
    >
      <ListTable<PrescriptionTemplateListItem> columns={columns} query={templates} list={list} emptyText={t('templates.empty')} />
    </ListPage>
  );
}
