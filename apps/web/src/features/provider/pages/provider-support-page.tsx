import {
  REQUEST_STATUSES,
  type RequestStatus,
  SUPPORT_KINDS,
  type SupportKind,
  type SupportRequestItem,
  type SupportSortField,
} from '@dental/contract';
import { Button, Layout, Select, Space, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from 'components/empty-state';
import { ListPage } from 'components/list-page/list-page';
import { useListParams } from 'components/list-page/use-list-params';
import { queryClient } from 'app/query-client';
import { formatDate } from 'lib/format';
import { PROVIDER_LOGIN_PATH, clearProviderSession, useProviderSession } from 'lib/provider-session';
import { CLINICS_KEY, SUPPORT_KEY, useAdminSupportRequests } from '../api';
import { ProviderHeader } from '../components/provider-header';
import { SupportRequestDrawer, useChangeRequestStatus } from '../components/support-request-drawer';
import { RequestKindTag, useRequestStatusOptions } from '../components/support-tags';

/** /provider/support: every clinic's feature and support requests; open one to answer it and move its status. */
export default function ProviderSupportPage() {
  const { t } = useTranslation('provider');
  const { t: ts } = useTranslation('support');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const session = useProviderSession();
  const list = useListParams<SupportSortField>({ sortField: 'createdAt', sortOrder: 'descend' });
  const [kind, setKind] = useState<SupportKind | undefined>();
  const [status, setStatus] = useState<RequestStatus | undefined>();
  const requests = useAdminSupportRequests({ ...list.params, kind, status });
  const statusOptions = useRequestStatusOptions();
  const changeStatus = useChangeRequestStatus();
  const [openId, setOpenId] = useState<number | undefined>();

  if (!session) return null; // the route gate sends a logged-out provider to the login page

  const logout = () => {
    clearProviderSession();
    queryClient.removeQueries({ queryKey: CLINICS_KEY });
    queryClient.removeQueries({ queryKey: SUPPORT_KEY });
    navigate(PROVIDER_LOGIN_PATH, { replace: true });
  };
  /** A new filter starts from the first page, like a new search. */
  const firstPage = () =>
    list.onTableChange(
      { current: 1, pageSize: list.params.pageSize },
      {},
      { columnKey: list.params.sortField, order: list.params.sortOrder },
    );

  const columns: TableColumnsType<SupportRequestItem> = [
    {
      key: 'votes',
      dataIndex: 'voteCount',
      title: t('support.votes'),
      align: 'center',
      width: 90,
      sorter: true,
      sortOrder: list.sortOrderOf('votes'),
    },
    {
      key: 'title',
      dataIndex: 'title',
      title: t('support.titleCol'),
      render: (title: string, r) => (
        <Space orientation="vertical" size={2}>
          <Button
            type="link"
            style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'start' }}
            aria-label={t('support.open', { title })}
            onClick={() => setOpenId(r.id)}
          >
            <span dir="auto">{title}</span>
          </Button>
          <RequestKindTag kind={r.kind} />
        </Space>
      ),
    },
    {
      key: 'clinic',
      dataIndex: 'authorClinic',
      title: t('support.clinic'),
      render: (clinic: string | null, r) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text>{clinic ?? '—'}</Typography.Text>
          <Typography.Text type="secondary">{r.authorName}</Typography.Text>
        </Space>
      ),
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('support.status'),
      sorter: true,
      sortOrder: list.sortOrderOf('status'),
      render: (value: RequestStatus, r) => (
        <Select<RequestStatus>
          value={value}
          style={{ minWidth: 170 }}
          aria-label={t('support.statusOf', { title: r.title })}
          options={statusOptions}
          onChange={(next) => void changeStatus(r, next)}
        />
      ),
    },
    { key: 'comments', dataIndex: 'commentCount', title: t('support.comments'), align: 'center', width: 100 },
    {
      key: 'createdAt',
      dataIndex: 'createdAt',
      title: t('support.createdAt'),
      sorter: true,
      sortOrder: list.sortOrderOf('createdAt'),
      render: formatDate,
    },
  ];

  const filters = (
    <>
      <Select<SupportKind | 'all'>
        value={kind ?? 'all'}
        style={{ width: 170 }}
        aria-label={t('support.kind')}
        options={[
          { value: 'all', label: t('support.allKinds') },
          ...SUPPORT_KINDS.map((code) => ({ value: code, label: ts(`kind.${code}`) })),
        ]}
        onChange={(v) => {
          setKind(v === 'all' ? undefined : v);
          firstPage();
        }}
      />
      <Select<RequestStatus | 'all'>
        value={status ?? 'all'}
        style={{ width: 170 }}
        aria-label={t('support.status')}
        options={[
          { value: 'all', label: t('support.allStatuses') },
          ...REQUEST_STATUSES.map((code) => ({ value: code, label: ts(`status.${code}`) })),
        ]}
        onChange={(v) => {
          setStatus(v === 'all' ? undefined : v);
          firstPage();
        }}
      />
    </>
  );

  return (
    <>
      <ProviderHeader admin={session.admin} onLogout={logout} />
      <Layout.Content style={{ padding: 16 }}>
        <ListPage
          title={t('support.title')}
          search={list.search}
          onSearch={list.setSearch}
          searchPlaceholder={t('support.search')}
          extra={filters}
        >
          <Table<SupportRequestItem>
            rowKey="id"
            columns={columns}
            dataSource={requests.data?.items}
            loading={requests.isFetching}
            pagination={list.pagination(requests.data?.total ?? 0, (n) => tc('crud.total', { count: n }))}
            onChange={list.onTableChange}
            locale={{
              emptyText: requests.isLoading ? (
                ' '
              ) : (
                <EmptyState
                  description={list.params.search || kind || status ? tc('crud.noMatches') : t('support.empty')}
                />
              ),
            }}
            scroll={{ x: 'max-content' }}
          />
        </ListPage>
      </Layout.Content>
      <SupportRequestDrawer id={openId} onClose={() => setOpenId(undefined)} />
    </>
  );
}
