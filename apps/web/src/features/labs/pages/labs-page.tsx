import { DollarOutlined, TeamOutlined, ToolOutlined } from '@ant-design/icons';
import { type LabItem, type SaveLabInput, saveLabInput } from '@dental/contract';
import { Button, Form, Input, Modal, Select, Space, Switch, Tag, Tooltip, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormModal } from '../../../components/form-modal';
import { ListPage } from '../../../components/list-page/list-page';
import { ListTable, MEDIUM_UP, PHONE_ONLY, SMALL_UP } from '../../../components/list-page/list-table';
import { RowActions } from '../../../components/list-page/row-actions';
import { useEditor } from '../../../components/list-page/use-editor';
import { useListParams } from '../../../components/list-page/use-list-params';
import { PhoneInput } from '../../../components/phone-input';
import { isApiError } from '../../../lib/api';
import { formatDate } from '../../../lib/format';
import { PhoneText } from '../../../lib/phone-text';
import { zodField } from '../../../lib/form';
import { fieldErrorText } from '../../../lib/i18n';
import { useCan } from '../../../lib/permissions';
import { DEFAULT_DIAL } from '../../../lib/phone';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { useDeleteLab, useLabs, useSaveLab } from '../api';
import { LabServicesDrawer } from '../components/lab-services-drawer';
import { LabUsersDrawer } from '../components/lab-users-drawer';

const fields = saveLabInput.shape;
const DEFAULTS: Partial<SaveLabInput> = { isActive: true };
type ActiveFilter = 'all' | 'active' | 'inactive';

/**
 * /Labs (issue 16, key lab_list): the clinic's labs with search, an active filter, sorting and paging; add and edit in
 * a dialog; delete asks first, and a lab with orders is refused with the server's message and offered deactivation.
 * Each row opens the lab's services, its price list and its logins.
 */
export default function LabsPage() {
  const { t } = useTranslation('labs');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const user = useSession()?.user;
  const list = useListParams<'name' | 'createdAt'>({ sortField: 'name', sortOrder: 'ascend' });
  const [active, setActive] = useState<ActiveFilter>('all');
  const labs = useLabs({ ...list.params, isActive: active === 'all' ? undefined : active === 'active' });
  const save = useSaveLab();
  const remove = useDeleteLab();
  const editor = useEditor<LabItem>();
  const [form] = Form.useForm<SaveLabInput>();
  const [modal, holder] = Modal.useModal();
  const canWrite = useCan('lab_list');
  const canSeeUsers = useCan(['lab_list', 'user_list']);
  const [servicesOf, setServicesOf] = useState<LabItem | null>(null);
  const [usersOf, setUsersOf] = useState<LabItem | null>(null);

  const deactivate = async (lab: LabItem) => {
    await save.mutateAsync({ ...lab, isActive: false });
    notify.success(tc('crud.saved'));
  };
  const onDelete = async (lab: LabItem) => {
    try {
      await remove.mutateAsync({ id: lab.id });
      notify.success(tc('crud.deleted'));
    } catch (error) {
      if (isApiError(error) && error.code === 'lab_has_orders') {
        void modal.confirm({
          title: t('labs.deleteRefusedTitle'),
          content: error.message,
          okText: t('labs.deactivate'),
          cancelText: tc('actions.close'),
          okButtonProps: { disabled: !lab.isActive },
          onOk: () => deactivate(lab),
        });
      } else notify.warning(isApiError(error) ? error.message : fieldErrorText('unexpected'));
    }
  };

  const status = (active: boolean) => <Tag color={active ? 'green' : 'default'}>{active ? t('active') : t('inactive')}</Tag>;
  // a phone keeps the name (with the status when inactive) and the actions, as wide as the screen
  const columns: TableColumnsType<LabItem> = [
    { key: 'lab', title: t('labs.name'), responsive: PHONE_ONLY, render: (_, lab) => <>{lab.name} {!lab.isActive && status(false)}</> },
    { key: 'name', dataIndex: 'name', title: t('labs.name'), responsive: SMALL_UP, sorter: true, sortOrder: list.sortOrderOf('name') },
    { key: 'contactPerson', dataIndex: 'contactPerson', title: t('labs.contactPerson'), responsive: MEDIUM_UP, render: (v: string | null) => v ?? '—' },
    { key: 'mobile', dataIndex: 'mobile', title: t('labs.mobile'), responsive: SMALL_UP, render: (v: string | null) => <PhoneText value={v} /> },
    { key: 'isActive', dataIndex: 'isActive', title: t('labs.status'), responsive: SMALL_UP, render: status },
    { key: 'ordersCount', dataIndex: 'ordersCount', title: t('labs.orders'), responsive: MEDIUM_UP, align: 'end' },
    { key: 'createdAt', dataIndex: 'createdAt', title: t('labs.createdAt'), sorter: true, sortOrder: list.sortOrderOf('createdAt'), responsive: MEDIUM_UP, render: formatDate },
    {
      key: 'actions', title: tc('crud.actions'),
      render: (_, lab) => (
        <Space size={0} wrap={false}>
          <Tooltip title={t('labs.services')}>
            <Button type="text" icon={<ToolOutlined />} aria-label={`${t('labs.services')} ${lab.name}`} onClick={() => setServicesOf(lab)} data-testid="lab-services" />
          </Tooltip>
          <Tooltip title={t('labs.priceList')}>
            <Button type="text" icon={<DollarOutlined />} aria-label={`${t('labs.priceList')} ${lab.name}`} onClick={() => navigate(`/Labs/PriceList/${lab.id}`)} />
          </Tooltip>
          {canSeeUsers && (
            <Tooltip title={t('labs.users')}>
              <Button type="text" icon={<TeamOutlined />} aria-label={`${t('labs.users')} ${lab.name}`} onClick={() => setUsersOf(lab)} data-testid="lab-users" />
            </Tooltip>
          )}
          <RowActions
            name={lab.name}
            onEdit={canWrite ? () => editor.openEdit(lab) : undefined}
            onDelete={canWrite ? () => onDelete(lab) : undefined}
          />
        </Space>
      ),
    },
  ];

  return (
    <ListPage
      title={t('labs.title')}
      search={list.search}
      onSearch={list.setSearch}
      searchPlaceholder={t('labs.search')}
      onAdd={canWrite ? editor.openNew : undefined}
      addLabel={t('labs.add')}
      extra={
        <Select<ActiveFilter>
          aria-label={t('labs.activeFilter')}
          value={active}
          onChange={(v) => {
            setActive(v);
            list.firstPage();
          }}
          style={{ width: 140 }}
          options={[
            { value: 'all', label: t('all') },
            { value: 'active', label: t('active') },
            { value: 'inactive', label: t('inactive') },
          ]}
        />
      }
    >
      {holder}
      <ListTable<LabItem> columns={columns} query={labs} list={list} emptyText={t('labs.empty')} fitsPhone />
      <FormModal<SaveLabInput>
        open={editor.open}
        title={editor.record ? t('labs.edit') : t('labs.add')}
        form={form}
        defaults={DEFAULTS}
        initialValues={editor.record as Partial<SaveLabInput> | undefined}
        onSubmit={(values) => save.mutateAsync({ ...values, id: editor.record?.id })}
        onClose={editor.close}
      >
        <Form.Item name="name" label={t('labs.name')} {...zodField(fields.name)}>
          <Input maxLength={150} autoFocus />
        </Form.Item>
        <Form.Item name="contactPerson" label={t('labs.contactPerson')} {...zodField(fields.contactPerson)}>
          <Input maxLength={150} />
        </Form.Item>
        <Form.Item name="mobile" label={t('labs.mobile')} {...zodField(fields.mobile)}>
          <PhoneInput defaultDial={DEFAULT_DIAL[user?.clinicCountryId ?? 'CN3']} />
        </Form.Item>
        <Form.Item name="email" label={t('labs.email')} {...zodField(fields.email)}>
          <Input maxLength={200} dir="ltr" type="email" />
        </Form.Item>
        <Form.Item name="address" label={t('labs.address')} {...zodField(fields.address)}>
          <Input maxLength={300} />
        </Form.Item>
        <Form.Item name="notes" label={t('labs.notes')} {...zodField(fields.notes)}>
          <Input.TextArea maxLength={1000} rows={2} />
        </Form.Item>
        <Form.Item name="isActive" label={t('labs.active')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </FormModal>
      <LabServicesDrawer lab={servicesOf} canWrite={canWrite} onClose={() => setServicesOf(null)} />
      <LabUsersDrawer lab={usersOf} onClose={() => setUsersOf(null)} />
    </ListPage>
  );
}
