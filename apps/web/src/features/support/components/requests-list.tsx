import { MessageOutlined } from '@ant-design/icons';
import { type RequestStatus, type SupportKind, type SupportRequestItem, type SupportSortField } from '@dental/contract';
import { Flex, Select, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ListPage } from '../../../components/list-page/list-page';
import { useListParams } from '../../../components/list-page/use-list-params';
import { formatDate, formatNumber } from '../../../lib/format';
import { useSupportRequests } from '../api';
import { StatusTag, useStatusOptions } from './status-tag';
import { VoteButton } from './vote-button';

/**
 * The requests of one kind the user may see, most votes first: feature requests of every clinic, or the
 * clinic's own support requests. Search by title, filter by status, vote, open one.
 */
export function RequestsList({ kind }: { kind: SupportKind }) {
  const { t } = useTranslation('support');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const list = useListParams<SupportSortField>({ sortField: 'votes', sortOrder: 'descend' });
  const [status, setStatus] = useState<RequestStatus | undefined>();
  const requests = useSupportRequests({ ...list.params, kind, status });
  const statusOptions = useStatusOptions();

  const filterByStatus = (value: RequestStatus | undefined) => {
    setStatus(value);
    // back to the first page, keeping the sort
    list.onTableChange(
      { current: 1, pageSize: list.params.pageSize },
      {},
      {
        columnKey: list.params.sortField,
        order: list.params.sortOrder,
      },
    );
  };

  const columns: TableColumnsType<SupportRequestItem> = [
    {
      key: 'votes',
      title: t('columns.votes'),
      width: 96,
      sorter: true,
      sortOrder: list.sortOrderOf('votes'),
      render: (_, r) => <VoteButton id={r.id} count={r.voteCount} voted={r.votedByMe} title={r.title} />,
    },
    {
      key: 'title',
      dataIndex: 'title',
      title: t('columns.title'),
      render: (title: string, r) => (
        <Space size="small" wrap>
          <Link to={`/RequestDetails/${r.id}`}>
            <bdi>{title}</bdi>
          </Link>
          {r.isMine && <Tag>{t('mine')}</Tag>}
        </Space>
      ),
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('columns.status'),
      width: 130,
      sorter: true,
      sortOrder: list.sortOrderOf('status'),
      render: (s: RequestStatus) => <StatusTag status={s} />,
    },
    {
      key: 'author',
      title: t('columns.author'),
      render: (_, r) => (
        <Flex vertical>
          <span>{r.authorName ?? t('otherClinicUser')}</span>
          {r.authorClinic && <Typography.Text type="secondary">{r.authorClinic}</Typography.Text>}
        </Flex>
      ),
    },
    {
      key: 'comments',
      title: t('columns.comments'),
      width: 110,
      align: 'center',
      render: (_, r) => (
        <Space size={4} aria-label={t('commentCount', { count: r.commentCount })}>
          <MessageOutlined /> {formatNumber(r.commentCount)}
        </Space>
      ),
    },
    {
      key: 'createdAt',
      dataIndex: 'createdAt',
      title: t('columns.createdAt'),
      width: 130,
      sorter: true,
      sortOrder: list.sortOrderOf('createdAt'),
      render: formatDate,
    },
  ];

  const filtered = !!(list.params.search || status);
  return (
    <ListPage
      title={t(`${kind}.title`)}
      search={list.search}
      onSearch={list.setSearch}
      searchPlaceholder={t('searchTitle')}
      onAdd={() => navigate(`/SaveSupportRequest?kind=${kind}`)}
      addLabel={t(`${kind}.add`)}
      extra={
        <Select<RequestStatus>
          allowClear
          value={status}
          onChange={filterByStatus}
          options={statusOptions}
          placeholder={t('allStatuses')}
          aria-label={t('columns.status')}
          style={{ width: 170 }}
        />
      }
    >
      <Typography.Paragraph type="secondary">{t(`${kind}.intro`)}</Typography.Paragraph>
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
            <EmptyState description={filtered ? tc('crud.noMatches') : t(`${kind}.empty`)} />
          ),
        }}
        scroll={{ x: 'max-content' }}
      />
    </ListPage>
  );
}
