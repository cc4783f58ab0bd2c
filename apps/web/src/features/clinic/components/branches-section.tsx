import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import {
  type BranchSortField,
  type ClinicBranchItem,
  type Country,
  type SaveBranchInput,
  saveBranchInput,
} from '@dental/contract';
import { Button, Flex, Form, Input, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LTR_INPUT } from './ltr';
import { FormModal } from '../../../components/form-modal';
import { LocationField } from '../../../components/location-field';
import { ListTable, MEDIUM_UP, SMALL_UP } from '../../../components/list-page/list-table';
import { RowActions } from '../../../components/list-page/row-actions';
import { useEditor } from '../../../components/list-page/use-editor';
import { useListParams } from '../../../components/list-page/use-list-params';
import { formatDate, mapUrl } from '../../../lib/format';
import { PhoneText, displayPhone, phoneExample } from '../../../lib/phone-text';
import { zodField } from '../../../lib/form';
import { useCan } from '../../../lib/permissions';
import { getSession, setBranch, useSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { useBranches, useDeleteBranch, useSaveBranch } from '../api';

const fields = saveBranchInput.shape;

/** The clinic's branches: search, sort, page; add and edit in a modal, delete after confirming. */
export function BranchesSection() {
  const { t } = useTranslation('clinic');
  const { t: tc } = useTranslation();
  const list = useListParams<BranchSortField>({ sortField: 'name', sortOrder: 'ascend' });
  const branches = useBranches(list.params);
  const save = useSaveBranch();
  const remove = useDeleteBranch();
  const editor = useEditor<ClinicBranchItem>();
  const [form] = Form.useForm<SaveBranchInput>();
  const canEdit = useCan('clinic_branch_edit');
  const country = (useSession()?.user.clinicCountryId ?? 'CN3') as Country;
  const initial = useMemo(
    () =>
      editor.record && {
        name: editor.record.name,
        mobile: editor.record.mobile ? displayPhone(editor.record.mobile, country) : undefined,
        latitude: editor.record.latitude,
        longitude: editor.record.longitude,
      },
    [editor.record, country],
  );

  const deleteBranch = async (branch: ClinicBranchItem) => {
    await remove.mutateAsync({ id: branch.id });
    notify.success(tc('crud.deleted'));
    // working in the branch that is gone: back to the home branch
    const session = getSession();
    if (session?.branchId === branch.id) setBranch(session.user.branchId);
  };

  const columns: TableColumnsType<ClinicBranchItem> = [
    { key: 'name', dataIndex: 'name', title: t('branches.name'), sorter: true, sortOrder: list.sortOrderOf('name') },
    {
      key: 'mobile',
      dataIndex: 'mobile',
      title: t('branches.mobile'),
      render: (m: string | null) => <PhoneText value={m} />,
    },
    {
      key: 'location',
      title: t('branches.location'),
      responsive: MEDIUM_UP,
      render: (_: unknown, b: ClinicBranchItem) =>
        b.latitude != null && b.longitude != null ? (
          <a href={mapUrl(b.latitude, b.longitude)} target="_blank" rel="noreferrer">
            <bdi dir="ltr">
              {b.latitude}, {b.longitude}
            </bdi>
          </a>
        ) : (
          '—'
        ),
    },
    {
      key: 'userCount',
      dataIndex: 'userCount',
      title: t('branches.users'),
      responsive: SMALL_UP,
      sorter: true,
      sortOrder: list.sortOrderOf('userCount'),
      width: 130,
    },
    {
      key: 'createdAt',
      dataIndex: 'createdAt',
      title: t('createdAt'),
      responsive: MEDIUM_UP,
      sorter: true,
      sortOrder: list.sortOrderOf('createdAt'),
      render: formatDate,
    },
    ...(canEdit
      ? [
          {
            key: 'actions',
            title: tc('crud.actions'),
            width: 120,
            render: (_: unknown, branch: ClinicBranchItem) => (
              <RowActions
                name={branch.name}
                onEdit={() => editor.openEdit(branch)}
                onDelete={() => deleteBranch(branch)}
              />
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <Flex justify="end" gap="small" wrap style={{ marginBlockEnd: 16 }}>
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('branches.search')}
          aria-label={t('branches.search')}
          value={list.search}
          onChange={(e) => list.setSearch(e.target.value)}
          style={{ width: 260 }}
        />
        {canEdit && (
          <Button type="primary" icon={<PlusOutlined />} onClick={editor.openNew}>
            {t('branches.add')}
          </Button>
        )}
      </Flex>
      <ListTable<ClinicBranchItem>
        columns={columns}
        query={branches}
        list={list}
        emptyText={t('branches.empty')}
        fitsPhone
      />
      <FormModal<SaveBranchInput>
        open={editor.open}
        title={editor.record ? t('branches.edit') : t('branches.add')}
        form={form}
        initialValues={initial}
        onSubmit={(values) => save.mutateAsync({ ...values, id: editor.record?.id })}
        onClose={editor.close}
      >
        {/* own ids: the clinic form on the page behind has fields of the same names */}
        <Form.Item name="name" htmlFor="branch-name" label={t('branches.name')} {...zodField(fields.name)}>
          <Input id="branch-name" maxLength={100} autoFocus />
        </Form.Item>
        <Form.Item name="mobile" htmlFor="branch-mobile" label={t('branches.mobile')} {...zodField(fields.mobile)}>
          <Input
            id="branch-mobile"
            dir="ltr"
            styles={LTR_INPUT}
            type="tel"
            maxLength={20}
            placeholder={phoneExample(country)}
          />
        </Form.Item>
        <LocationField
          form={form}
          latitude={fields.latitude}
          longitude={fields.longitude}
          idPrefix="branch"
          extra={t('branches.locationHint')}
        />
      </FormModal>
    </>
  );
}
