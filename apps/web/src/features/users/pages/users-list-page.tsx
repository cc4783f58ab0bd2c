import { UserOutlined } from '@ant-design/icons';
import type { UserItem, UserSortField } from '@dental/contract';
import { Avatar, Select, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ListPage } from '../../../components/list-page/list-page';
import { RowActions } from '../../../components/list-page/row-actions';
import { useListParams } from '../../../components/list-page/use-list-params';
import { MobileText } from '../../patients/mobile';
import { localRoleName, roleName } from '../role-name';
import { useCan } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { useDeleteUser, useMyBranches, useRoles, useUsersSearch } from '../api';
import { StatusTag } from '../components/options';

type Filters = { roleId?: number; branchId?: number; isActive?: boolean };

/** /UsersList: the clinic's users with search, filters (role, branch, status), sort and paging of 30. */
export default function UsersListPage() {
  const { t } = useTranslation('users');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const me = session?.user;
  const list = useListParams<UserSortField>({ sortField: 'fullName', sortOrder: 'ascend' });
  const [filters, setFilters] = useState<Filters>({});
  const users = useUsersSearch({ ...list.params, ...filters });
  const roles = useRoles();
  const branches = useMyBranches();
  const remove = useDeleteUser();
  const canAdd = useCan('user_add');
  const canEdit = useCan('user_edit');
  const canDelete = useCan('user_delete');

  /** A new filter shows the first page. */
  const filter = (patch: Filters) => {
    setFilters((f) => ({ ...f, ...patch }));
    list.onTableChange(
      { current: 1, pageSize: list.params.pageSize },
      {},
      {
        columnKey: list.params.sortField,
        order: list.params.sortOrder,
      },
    );
  };

  const deleteBlock = (u: UserItem) =>
    u.id === me?.userId
      ? t('list.cannotDeleteSelf')
      : u.baseRole === 'RL1' && me?.userRole !== 'RL1'
        ? t('list.ownerOnly')
        : undefined;

  const columns: TableColumnsType<UserItem> = [
    {
      key: 'fullName',
      dataIndex: 'fullName',
      title: t('fields.fullName'),
      sorter: true,
      sortOrder: list.sortOrderOf('fullName'),
      render: (_: string, u) => (
        <Space>
          <Avatar src={u.thumbnailUrl ?? undefined} icon={!u.thumbnailUrl ? <UserOutlined /> : undefined} alt="" />
          <span>
            <Typography.Text strong>{u.fullName}</Typography.Text>
            {u.id === me?.userId && <Tag style={{ marginInlineStart: 6 }}>{t('list.you')}</Tag>}
            {u.displayName !== u.fullName && (
              <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                {u.displayName}
              </Typography.Text>
            )}
          </span>
        </Space>
      ),
    },
    {
      key: 'userName',
      dataIndex: 'userName',
      title: t('fields.userName'),
      sorter: true,
      sortOrder: list.sortOrderOf('userName'),
      render: (v: string) => <bdi dir="ltr">{v}</bdi>,
    },
    {
      key: 'email',
      dataIndex: 'email',
      title: t('fields.email'),
      sorter: true,
      sortOrder: list.sortOrderOf('email'),
      render: (v: string) => <bdi dir="ltr">{v}</bdi>,
    },
    {
      key: 'mobile',
      dataIndex: 'mobile',
      title: t('fields.mobile'),
      render: (v: string | null) => <MobileText value={v} />,
    },
    {
      key: 'role',
      title: t('fields.role'),
      render: (_, u) => roleName(u),
    },
    {
      key: 'branches',
      title: t('fields.branches'),
      render: (_, u) => (
        <Space size={[0, 4]} wrap>
          {u.branches.map((b) => (
            <Tag key={b.id} color={b.id === u.branchId ? 'blue' : undefined}>
              {b.name}
            </Tag>
          ))}
        </Space>
      ),
    },
    {
      key: 'isActive',
      dataIndex: 'isActive',
      title: t('fields.active'),
      render: (v: boolean) => <StatusTag active={v} />,
    },
    {
      key: 'actions',
      title: tc('crud.actions'),
      fixed: 'end',
      width: 110,
      render: (_, u) => (
        <RowActions
          name={u.fullName}
          onEdit={canEdit ? () => navigate(`/UserDetails/${u.id}`) : undefined}
          onDelete={
            canDelete
              ? () => remove.mutateAsync({ id: u.id }).then(() => notify.success(t('details.deleted')))
              : undefined
          }
          deleteDisabledReason={deleteBlock(u)}
        />
      ),
    },
  ];

  return (
    <ListPage
      title={t('list.title')}
      search={list.search}
      onSearch={list.setSearch}
      searchPlaceholder={t('list.search')}
      onAdd={canAdd ? () => navigate('/register') : undefined}
      addLabel={t('list.add')}
      extra={
        <>
          <Select
            allowClear
            placeholder={t('list.role')}
            aria-label={t('list.role')}
            style={{ minWidth: 150 }}
            value={filters.roleId}
            onChange={(roleId?: number) => filter({ roleId })}
            options={(roles.data?.items ?? []).map((r) => ({ value: r.id, label: localRoleName(r) }))}
          />
          <Select
            allowClear
            placeholder={t('list.branch')}
            aria-label={t('list.branch')}
            style={{ minWidth: 150 }}
            value={filters.branchId}
            onChange={(branchId?: number) => filter({ branchId })}
            options={(branches.data?.items ?? []).map((b) => ({ value: b.branchId, label: b.name }))}
          />
          <Select
            allowClear
            placeholder={t('list.status')}
            aria-label={t('list.status')}
            style={{ minWidth: 120 }}
            value={filters.isActive === undefined ? undefined : String(filters.isActive)}
            onChange={(v?: string) => filter({ isActive: v === undefined ? undefined : v === 'true' })}
            options={[
              { value: 'true', label: t('status.active') },
              { value: 'false', label: t('status.inactive') },
            ]}
          />
        </>
      }
    >
      <Table<UserItem>
        rowKey="id"
        columns={columns}
        dataSource={users.data?.items}
        loading={users.isFetching}
        pagination={list.pagination(users.data?.total ?? 0, (n) => tc('crud.total', { count: n }))}
        onChange={list.onTableChange}
        locale={{
          emptyText: users.isLoading ? (
            ' '
          ) : (
            <EmptyState
              description={
                list.params.search || Object.values(filters).some((v) => v !== undefined)
                  ? tc('crud.noMatches')
                  : t('list.empty')
              }
            />
          ),
        }}
        scroll={{ x: 'max-content' }}
      />
    </ListPage>
  );
}
