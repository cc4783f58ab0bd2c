import { SafetyOutlined } from '@ant-design/icons';
import type { RoleItem, RoleSortField, SaveRoleInput } from '@dental/contract';
import { Button, Form, Grid, Space, Table, type TableColumnsType, Tooltip } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { FormModal } from '../../../components/form-modal';
import { ListPage } from '../../../components/list-page/list-page';
import { RowActions } from '../../../components/list-page/row-actions';
import { useEditor } from '../../../components/list-page/use-editor';
import { useListParams } from '../../../components/list-page/use-list-params';
import { localRoleName } from '../../users/role-name';
import { EMPTY_VALUE } from '../../../lib/format';
import { useCan } from '../../../lib/permissions';
import { notify } from '../../../lib/toast';
import { useDeleteRole, useRoles, useSaveRole } from '../api';
import { RoleFormFields } from '../components/role-form-fields';
import { BaseRoleTag, DefaultTag } from '../components/role-tags';

/** A long English or French name wraps: the three names, the counts and the actions fit 1366 px in every language. */
const LONG_NAME = { display: 'inline-block', maxWidth: 170 } as const;

/** /Roles: the clinic's default and custom roles; custom roles are added, renamed and deleted here. */
export default function RolesPage() {
  const { t } = useTranslation('roles');
  const { t: tc } = useTranslation();
  const list = useListParams<RoleSortField>();
  const roles = useRoles(list.params);
  const allRoles = useRoles({ page: 1, pageSize: 200 });
  const save = useSaveRole();
  const remove = useDeleteRole();
  const editor = useEditor<RoleItem>();
  const [form] = Form.useForm<SaveRoleInput>();
  const canAdd = useCan('role_add');
  const canEdit = useCan('role_edit');
  const canDelete = useCan('role_delete');
  const navigate = useNavigate();
  // below 1600 px the permissions action is its icon (tooltip and label say it): the three names then fit at 1366 px
  const wide = !!Grid.useBreakpoint().xxl;
  const editing = editor.record;
  /** Stable while the modal is open (the modal resets its form when these change). */
  const initialValues = useMemo<Partial<SaveRoleInput> | undefined>(
    () =>
      editing && {
        nameAr: editing.nameAr,
        nameEn: editing.nameEn,
        nameFr: editing.nameFr,
        baseRole: editing.isDefault ? undefined : (editing.baseRole as SaveRoleInput['baseRole']),
      },
    [editing],
  );

  const columns: TableColumnsType<RoleItem> = [
    {
      key: 'nameAr',
      dataIndex: 'nameAr',
      title: t('nameAr'),
      sorter: true,
      sortOrder: list.sortOrderOf('nameAr'),
      render: (name: string, role) => (
        <Space size="small">
          <bdi lang="ar">{name}</bdi>
          {role.isDefault && <DefaultTag />}
        </Space>
      ),
    },
    {
      key: 'nameEn',
      dataIndex: 'nameEn',
      title: t('nameEn'),
      sorter: true,
      sortOrder: list.sortOrderOf('nameEn'),
      // the English name as stored: marked English for screen readers and the untranslated-text check
      render: (name: string) => (
        <bdi dir="ltr" lang="en" style={LONG_NAME}>
          {name}
        </bdi>
      ),
    },
    {
      key: 'nameFr',
      dataIndex: 'nameFr',
      title: t('nameFr'),
      // the French name as stored, marked French; none: the English one is shown in French
      render: (name: string | null) =>
        name ? (
          <bdi dir="ltr" lang="fr" style={LONG_NAME}>
            {name}
          </bdi>
        ) : (
          EMPTY_VALUE
        ),
    },
    {
      key: 'baseRole',
      dataIndex: 'baseRole',
      title: t('baseRole'),
      sorter: true,
      sortOrder: list.sortOrderOf('baseRole'),
      render: (code: RoleItem['baseRole']) => <BaseRoleTag code={code} />,
    },
    {
      key: 'userCount',
      dataIndex: 'userCount',
      title: t('users'),
      sorter: true,
      sortOrder: list.sortOrderOf('userCount'),
      align: 'center',
    },
    { key: 'permissionCount', dataIndex: 'permissionCount', title: t('permissionCount'), align: 'center' },
    {
      key: 'actions',
      title: tc('crud.actions'),
      fixed: 'end',
      width: wide ? 200 : 120,
      render: (_, role) => (
        <Space size="small">
          {canEdit && (
            <Tooltip title={t('editPermissionsOf', { name: localRoleName(role) })}>
              <Button
                type="link"
                icon={<SafetyOutlined />}
                aria-label={t('editPermissionsOf', { name: localRoleName(role) })}
                onClick={() => navigate(`/Permissions/${role.id}`)}
              >
                {wide ? t('editPermissions') : undefined}
              </Button>
            </Tooltip>
          )}
          <RowActions
            name={localRoleName(role)}
            onEdit={canEdit ? () => editor.openEdit(role) : undefined}
            onDelete={
              canDelete && !role.isDefault
                ? () => remove.mutateAsync({ id: role.id }).then(() => notify.success(tc('crud.deleted')))
                : undefined
            }
            deleteDisabledReason={role.userCount > 0 ? t('inUseCannotDelete') : undefined}
          />
        </Space>
      ),
    },
  ];

  return (
    <ListPage
      title={t('title')}
      search={list.search}
      onSearch={list.setSearch}
      searchPlaceholder={t('search')}
      onAdd={canAdd ? editor.openNew : undefined}
      addLabel={t('add')}
    >
      <Table<RoleItem>
        rowKey="id"
        columns={columns}
        dataSource={roles.data?.items}
        loading={roles.isFetching}
        pagination={list.pagination(roles.data?.total ?? 0, (n) => tc('crud.total', { count: n }))}
        onChange={list.onTableChange}
        locale={{
          emptyText: roles.isLoading ? (
            ' '
          ) : (
            <EmptyState description={list.params.search ? tc('crud.noMatches') : t('empty')} />
          ),
        }}
        scroll={{ x: 'max-content' }}
      />
      <FormModal<SaveRoleInput>
        open={editor.open}
        title={editor.record ? t('edit') : t('add')}
        form={form}
        initialValues={initialValues}
        onSubmit={(values) => save.mutateAsync({ ...values, id: editor.record?.id })}
        onClose={editor.close}
      >
        <RoleFormFields editing={editor.record} roles={allRoles.data?.items ?? []} />
      </FormModal>
    </ListPage>
  );
}
