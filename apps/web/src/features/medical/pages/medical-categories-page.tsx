import {
  type MedicalCategoryItem,
  type MedicalCategorySortField,
  type SaveMedicalCategoryInput,
  saveMedicalCategoryInput,
} from '@dental/contract';
import { Form, Input, InputNumber, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormModal } from '../../../components/form-modal';
import { ListPage } from '../../../components/list-page/list-page';
import { ListTable, PHONE_ONLY, SMALL_UP } from '../../../components/list-page/list-table';
import { RowActions } from '../../../components/list-page/row-actions';
import { useEditor } from '../../../components/list-page/use-editor';
import { useListParams } from '../../../components/list-page/use-list-params';
import { EMPTY_VALUE } from '../../../lib/format';
import { zodField } from '../../../lib/form';
import { localName } from '../../../lib/local-name';
import { useCan } from '../../../lib/permissions';
import { notify } from '../../../lib/toast';
import { useDeleteMedicalCategory, useMedicalCategories, useSaveMedicalCategory } from '../api';

const DEFAULTS: Partial<SaveMedicalCategoryInput> = { sortOrder: 0 };
const shape = saveMedicalCategoryInput.shape;

/** /MedicalCategories: the groups of the clinic's medical questionnaire. A category with questions cannot be deleted. */
export default function MedicalCategoriesPage() {
  const { t } = useTranslation('medical');
  const { t: tc } = useTranslation();
  const list = useListParams<MedicalCategorySortField>({ sortField: 'sortOrder', sortOrder: 'ascend' });
  const rows = useMedicalCategories(list.params);
  const save = useSaveMedicalCategory();
  const remove = useDeleteMedicalCategory();
  const editor = useEditor<MedicalCategoryItem>();
  const [form] = Form.useForm<SaveMedicalCategoryInput>();
  const canAdd = useCan('settings_clinic_lookups_add');
  const canEdit = useCan('settings_clinic_lookups_edit');
  const canDelete = useCan('settings_clinic_lookups_delete');

  // a phone keeps the name in the UI language, the questions and the actions; the three names and the order from 576 px
  const columns: TableColumnsType<MedicalCategoryItem> = [
    { key: 'name', title: t('name'), responsive: PHONE_ONLY, render: (_, row) => localName(row) },
    { key: 'nameAr', dataIndex: 'nameAr', title: t('nameAr'), responsive: SMALL_UP, sorter: true, sortOrder: list.sortOrderOf('nameAr') },
    { key: 'nameEn', dataIndex: 'nameEn', title: t('nameEn'), responsive: SMALL_UP, sorter: true, sortOrder: list.sortOrderOf('nameEn') },
    { key: 'nameFr', dataIndex: 'nameFr', title: t('nameFr'), responsive: SMALL_UP, render: (name: string | null) => name || EMPTY_VALUE },
    {
      key: 'questionCount',
      dataIndex: 'questionCount',
      title: t('categories.questions'),
      width: 120,
      render: (count: number, row) => <Link to={`/MedicalQuestions?category=${row.id}`}>{count}</Link>,
    },
    {
      key: 'sortOrder',
      dataIndex: 'sortOrder',
      title: t('sortOrder'),
      responsive: SMALL_UP,
      sorter: true,
      sortOrder: list.sortOrderOf('sortOrder'),
      width: 110,
    },
    {
      key: 'actions',
      title: tc('crud.actions'),
      width: 120,
      render: (_, row) => (
        <RowActions
          name={localName(row)}
          onEdit={canEdit ? () => editor.openEdit(row) : undefined}
          onDelete={
            canDelete
              ? () => remove.mutateAsync({ id: row.id }).then(() => notify.success(tc('crud.deleted')))
              : undefined
          }
          deleteDisabledReason={row.questionCount ? t('categories.hasQuestions') : undefined}
        />
      ),
    },
  ];

  return (
    <ListPage
      title={t('categories.title')}
      search={list.search}
      onSearch={list.setSearch}
      searchPlaceholder={t('searchName')}
      onAdd={canAdd ? editor.openNew : undefined}
      addLabel={t('categories.add')}
    >
      <ListTable<MedicalCategoryItem> columns={columns} query={rows} list={list} emptyText={t('categories.empty')} fitsPhone />
      <FormModal<SaveMedicalCategoryInput>
        open={editor.open}
        title={editor.record ? t('categories.edit') : t('categories.add')}
        form={form}
        defaults={DEFAULTS}
        initialValues={editor.record}
        onSubmit={(values) => save.mutateAsync({ ...values, id: editor.record?.id })}
        onClose={editor.close}
      >
        <Form.Item name="nameAr" label={t('nameAr')} {...zodField(shape.nameAr)}>
          <Input maxLength={100} dir="rtl" autoFocus />
        </Form.Item>
        <Form.Item name="nameEn" label={t('nameEn')} {...zodField(shape.nameEn)}>
          <Input maxLength={100} dir="ltr" />
        </Form.Item>
        <Form.Item name="nameFr" label={t('nameFr')} extra={t('questions.frFallback')} {...zodField(shape.nameFr)}>
          <Input maxLength={100} dir="ltr" />
        </Form.Item>
        <Form.Item name="sortOrder" label={t('sortOrder')} {...zodField(shape.sortOrder)}>
          <InputNumber min={0} max={9999} precision={0} />
        </Form.Item>
      </FormModal>
    </ListPage>
  );
}
