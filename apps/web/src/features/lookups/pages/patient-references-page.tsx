import { type ClinicLookupItem, type ClinicLookupSortField, type SaveClinicLookupInput, saveClinicLookupInput } from '@dental/contract';
import { Form, InputNumber, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form-modal';
import { ListPage } from '../../../components/list-page/list-page';
import { ListTable } from '../../../components/list-page/list-table';
import { RowActions } from '../../../components/list-page/row-actions';
import { useEditor } from '../../../components/list-page/use-editor';
import { useListParams } from '../../../components/list-page/use-list-params';
import { zodField } from '../../../lib/form';
import { useCan } from '../../../lib/permissions';
import { notify } from '../../../lib/toast';
import { useClinicLookups, useDeleteClinicLookup, useSaveClinicLookup } from '../api';
import { ActiveTag } from '../components/active-tag';
import { BilingualNameFields } from '../components/bilingual-name-fields';

const GROUP = 'PatientReference' as const;
const DEFAULTS: Partial<SaveClinicLookupInput> = { isActive: true, sortOrder: 0 };

/** /PatientReferences: how patients heard of the clinic (the choices of the patient form's reference field). */
export default function PatientReferencesPage() {
  const { t } = useTranslation('lookups');
  const { t: tc } = useTranslation();
  const list = useListParams<ClinicLookupSortField>({ sortField: 'sortOrder', sortOrder: 'ascend' });
  const rows = useClinicLookups({ ...list.params, groupName: GROUP });
  const save = useSaveClinicLookup();
  const remove = useDeleteClinicLookup();
  const editor = useEditor<ClinicLookupItem>();
  const [form] = Form.useForm<SaveClinicLookupInput>();
  const canAdd = useCan('settings_clinic_lookups_add');
  const canEdit = useCan('settings_clinic_lookups_edit');
  const canDelete = useCan('settings_clinic_lookups_delete');

  const columns: TableColumnsType<ClinicLookupItem> = [
    { key: 'nameAr', dataIndex: 'nameAr', title: t('nameAr'), sorter: true, sortOrder: list.sortOrderOf('nameAr') },
    { key: 'nameEn', dataIndex: 'nameEn', title: t('nameEn'), sorter: true, sortOrder: list.sortOrderOf('nameEn') },
    { key: 'nameFr', dataIndex: 'nameFr', title: t('nameFr'), render: (name: string | null) => name || '—' },
    { key: 'sortOrder', dataIndex: 'sortOrder', title: t('sortOrder'), sorter: true, sortOrder: list.sortOrderOf('sortOrder'), width: 110 },
    { key: 'isActive', dataIndex: 'isActive', title: t('status'), render: (a: boolean) => <ActiveTag active={a} /> },
    {
      key: 'actions', title: tc('crud.actions'), width: 120,
      render: (_, row) => (
        <RowActions
          name={row.nameAr}
          onEdit={canEdit ? () => editor.openEdit(row) : undefined}
          onDelete={canDelete ? () => remove.mutateAsync({ id: row.id }).then(() => notify.success(tc('crud.deleted'))) : undefined}
        />
      ),
    },
  ];

  return (
    <ListPage
      title={t('references.title')}
      search={list.search}
      onSearch={list.setSearch}
      searchPlaceholder={t('searchName')}
      onAdd={canAdd ? editor.openNew : undefined}
      addLabel={t('references.add')}
    >
      <ListTable<ClinicLookupItem> columns={columns} query={rows} list={list} emptyText={t('references.empty')} />
      <FormModal<SaveClinicLookupInput>
        open={editor.open}
        title={editor.record ? t('references.edit') : t('references.add')}
        form={form}
        defaults={DEFAULTS}
        initialValues={editor.record}
        onSubmit={(values) => save.mutateAsync({ ...values, groupName: GROUP, id: editor.record?.id })}
        onClose={editor.close}
      >
        <BilingualNameFields shape={saveClinicLookupInput.shape} />
        <Form.Item name="sortOrder" label={t('sortOrder')} {...zodField(saveClinicLookupInput.shape.sortOrder)}>
          <InputNumber min={0} max={9999} precision={0} />
        </Form.Item>
      </FormModal>
    </ListPage>
  );
}
