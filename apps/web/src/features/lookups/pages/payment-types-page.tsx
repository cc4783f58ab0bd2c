import { type PaymentTypeItem, type PaymentTypeSortField, type SavePaymentTypeInput, savePaymentTypeInput } from '@dental/contract';
import { Form, type TableColumnsType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form-modal';
import { ListPage } from '../../../components/list-page/list-page';
import { ListTable } from '../../../components/list-page/list-table';
import { RowActions } from '../../../components/list-page/row-actions';
import { useEditor } from '../../../components/list-page/use-editor';
import { useListParams } from '../../../components/list-page/use-list-params';
import { useCan } from '../../../lib/permissions';
import { notify } from '../../../lib/toast';
import { useDeletePaymentType, usePaymentTypes, useSavePaymentType } from '../api';
import { ActiveTag } from '../components/active-tag';
import { BilingualNameFields } from '../components/bilingual-name-fields';

const DEFAULTS: Partial<SavePaymentTypeInput> = { isActive: true };

/** /Payments: the ways patients pay (cash, card ...). The default type cannot be deleted. */
export default function PaymentTypesPage() {
  const { t } = useTranslation('lookups');
  const { t: tc } = useTranslation();
  const list = useListParams<PaymentTypeSortField>({ sortField: 'createdAt', sortOrder: 'ascend' });
  const types = usePaymentTypes(list.params);
  const save = useSavePaymentType();
  const remove = useDeletePaymentType();
  const editor = useEditor<PaymentTypeItem>();
  const [form] = Form.useForm<SavePaymentTypeInput>();
  const canAdd = useCan('settings_payment_type_add');
  const canEdit = useCan('settings_payment_type_edit');
  const canDelete = useCan('settings_payment_type_delete');

  const columns: TableColumnsType<PaymentTypeItem> = [
    {
      key: 'nameAr', dataIndex: 'nameAr', title: t('nameAr'), sorter: true, sortOrder: list.sortOrderOf('nameAr'),
      render: (name: string, row) => (
        <>
          {name} {row.isDefault && <Tag color="blue">{t('paymentTypes.default')}</Tag>}
        </>
      ),
    },
    { key: 'nameEn', dataIndex: 'nameEn', title: t('nameEn'), sorter: true, sortOrder: list.sortOrderOf('nameEn') },
    { key: 'nameFr', dataIndex: 'nameFr', title: t('nameFr'), render: (name: string | null) => name || '—' },
    { key: 'isActive', dataIndex: 'isActive', title: t('status'), render: (a: boolean) => <ActiveTag active={a} /> },
    {
      key: 'actions', title: tc('crud.actions'), width: 120,
      render: (_, row) => (
        <RowActions
          name={row.nameAr}
          onEdit={canEdit ? () => editor.openEdit(row) : undefined}
          onDelete={canDelete ? () => remove.mutateAsync({ id: row.id }).then(() => notify.success(tc('crud.deleted'))) : undefined}
          deleteDisabledReason={row.isDefault ? t('paymentTypes.defaultCannotDelete') : undefined}
        />
      ),
    },
  ];

  return (
    <ListPage
      title={t('paymentTypes.title')}
      search={list.search}
      onSearch={list.setSearch}
      searchPlaceholder={t('searchName')}
      onAdd={canAdd ? editor.openNew : undefined}
      addLabel={t('paymentTypes.add')}
    >
      <ListTable<PaymentTypeItem> columns={columns} query={types} list={list} emptyText={t('paymentTypes.empty')} />
      <FormModal<SavePaymentTypeInput>
        open={editor.open}
        title={editor.record ? t('paymentTypes.edit') : t('paymentTypes.add')}
        form={form}
        defaults={DEFAULTS}
        initialValues={editor.record}
        onSubmit={(values) => save.mutateAsync({ ...values, id: editor.record?.id })}
        onClose={editor.close}
      >
        <BilingualNameFields shape={savePaymentTypeInput.shape} />
      </FormModal>
    </ListPage>
  );
}
