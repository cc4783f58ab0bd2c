import { RedoOutlined, ReloadOutlined } from '@ant-design/icons';
import {
  MESSAGE_CHANNELS,
  MESSAGE_TYPES,
  type MessageChannel,
  type MessageType,
  OUTBOX_STATUSES,
  type OutboxItem,
  type OutboxStatus,
  LIMITS,
} from '@dental/contract';
import { Alert, Button, Card, DatePicker, Flex, Select, Table, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { DATE_FORMAT, ISO_DAY, formatDateTime } from '../../../lib/format';
import { isErrorCode } from '../../../lib/i18n';
import { MobileText } from '../../patients/mobile';
import { notify } from '../../../lib/toast';
import { PatientPicker } from '../../patients/components/patient-picker';
import { useOutbox, useRetryOutboxMessage } from '../api';

const STATUS_COLOR: Record<OutboxStatus, string> = {
  queued: 'blue',
  sending: 'processing',
  sent: 'green',
  failed: 'red',
  skipped: 'default',
};
const RETRYABLE: readonly OutboxStatus[] = ['failed', 'skipped'];

interface Filters {
  status?: OutboxStatus;
  channel?: MessageChannel;
  type?: MessageType;
  patientId?: number;
  from?: string;
  to?: string;
}

/**
 * /MessagesOutbox (a project route, under the message types' key settings_message_type_list): every message the
 * clinic sent or is to send, newest first, with its status, channel, patient, time and the provider's answer;
 * filters, paging, and sending a failed or skipped one again. Without an SMS provider messages stay queued.
 */
export default function OutboxPage() {
  const { t } = useTranslation('messages');
  const { t: tc } = useTranslation();
  const { t: te } = useTranslation('errors');
  /** A skipped row's answer is the reason's catalogue code (mobile_invalid, message_do_not_message…): shown translated. */
  const answerText = (answer: string) => (isErrorCode(answer) ? te(answer) : answer);
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(LIMITS.pageSize);
  const list = useOutbox({ ...filters, page, pageSize });
  const retry = useRetryOutboxMessage();
  const set = (patch: Partial<Filters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  const filtered = Object.values(filters).some((v) => v !== undefined);
  const queued = list.data?.items.some((i) => i.status === 'queued');

  const columns: TableColumnsType<OutboxItem> = [
    {
      key: 'createdAt',
      title: t('outbox.time'),
      render: (_, item) => (
        <Flex vertical gap={2}>
          <bdi style={{ whiteSpace: 'nowrap' }}>{formatDateTime(item.createdAt)}</bdi>
          {item.sentAt && (
            <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
              {t('outbox.sentAt', { time: formatDateTime(item.sentAt) })}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      key: 'patient',
      title: t('outbox.patient'),
      render: (_, item) => (
        <Flex vertical gap={2}>
          {item.patientId ? (
            <Link to={`/Patient/${item.patientId}/1`}>
              <bdi>{item.patientName ?? `#${item.patientId}`}</bdi>
            </Link>
          ) : (
            '—'
          )}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            <MobileText value={item.to} />
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'type',
      title: t('outbox.message'),
      render: (_, item) => (
        <Flex vertical gap={2} style={{ maxWidth: 360 }}>
          <Flex gap={4} wrap>
            <Tag color={item.channel === 'whatsapp' ? 'green' : 'blue'}>{t(`channel.${item.channel}`)}</Tag>
            <Typography.Text>{t(`purpose.${item.type}`)}</Typography.Text>
          </Flex>
          <Typography.Paragraph type="secondary" ellipsis={{ rows: 2, tooltip: item.text }} style={{ margin: 0, fontSize: 12 }}>
            {item.text}
          </Typography.Paragraph>
        </Flex>
      ),
    },
    {
      key: 'status',
      title: t('outbox.status'),
      render: (_, item) => (
        <Flex vertical gap={2}>
          <Tag color={STATUS_COLOR[item.status]} style={{ width: 'fit-content' }} data-testid="outbox-status">
            {t(`status.${item.status}`)}
          </Tag>
          {item.attempts > 0 && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('outbox.attempts', { count: item.attempts })}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      key: 'provider',
      title: t('outbox.providerAnswer'),
      responsive: ['md'],
      render: (_, item) => (
        <Flex vertical gap={2} style={{ maxWidth: 280 }}>
          {item.provider && <Typography.Text style={{ fontSize: 12 }}>{item.provider}</Typography.Text>}
          {item.providerAnswer ? (
            <Typography.Paragraph type="secondary" ellipsis={{ rows: 2, tooltip: answerText(item.providerAnswer) }} style={{ margin: 0, fontSize: 12 }}>
              <bdi>{answerText(item.providerAnswer)}</bdi>
            </Typography.Paragraph>
          ) : (
            !item.provider && '—'
          )}
        </Flex>
      ),
    },
    {
      key: 'actions',
      title: tc('crud.actions'),
      render: (_, item) =>
        RETRYABLE.includes(item.status) ? (
          <Tooltip title={t('outbox.retryHelp')}>
            <Button
              size="small"
              icon={<RedoOutlined />}
              loading={retry.isPending && retry.variables?.id === item.id}
              onClick={() => retry.mutate({ id: item.id }, { onSuccess: () => notify.success(t('outbox.retried')) })}
            >
              {t('outbox.retry')}
            </Button>
          </Tooltip>
        ) : null,
    },
  ];

  return (
    <Card>
      <Flex justify="space-between" align="center" wrap gap="middle" style={{ marginBlockEnd: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('outbox.title')}
        </Typography.Title>
        <Button icon={<ReloadOutlined />} onClick={() => void list.refetch()} loading={list.isFetching}>
          {tc('actions.reload')}
        </Button>
      </Flex>
      <Flex gap="small" wrap style={{ marginBlockEnd: 12 }}>
        <Select<OutboxStatus>
          allowClear
          placeholder={t('outbox.status')}
          aria-label={t('outbox.status')}
          style={{ minWidth: 140 }}
          value={filters.status}
          onChange={(v) => set({ status: v })}
          options={OUTBOX_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
        />
        <Select<MessageChannel>
          allowClear
          placeholder={t('outbox.channel')}
          aria-label={t('outbox.channel')}
          style={{ minWidth: 130 }}
          value={filters.channel}
          onChange={(v) => set({ channel: v })}
          options={MESSAGE_CHANNELS.map((c) => ({ value: c, label: t(`channel.${c}`) }))}
        />
        <Select<MessageType>
          allowClear
          placeholder={t('outbox.type')}
          aria-label={t('outbox.type')}
          style={{ minWidth: 180 }}
          value={filters.type}
          onChange={(v) => set({ type: v })}
          options={MESSAGE_TYPES.map((m) => ({ value: m, label: t(`purpose.${m}`) }))}
        />
        <div style={{ minWidth: 220 }}>
          <PatientPicker value={filters.patientId ?? null} onChange={(v) => set({ patientId: v ?? undefined })} placeholder={t('outbox.patient')} />
        </div>
        <DatePicker.RangePicker
          format={DATE_FORMAT}
          aria-label={t('outbox.days')}
          placeholder={[t('outbox.from'), t('outbox.to')]}
          onChange={(range: [Dayjs | null, Dayjs | null] | null) => set({ from: range?.[0]?.format(ISO_DAY), to: range?.[1]?.format(ISO_DAY) })}
        />
      </Flex>
      {queued && <Alert type="info" showIcon style={{ marginBlockEnd: 12 }} title={t('outbox.queuedNote')} />}
      {list.isError ? (
        <EmptyState description={tc('error.subtitle')}>
          <Button onClick={() => void list.refetch()}>{tc('actions.reload')}</Button>
        </EmptyState>
      ) : (
        <Table<OutboxItem>
          rowKey="id"
          columns={columns}
          dataSource={list.data?.items}
          loading={list.isFetching}
          scroll={{ x: 'max-content' }}
          pagination={{
            current: page,
            pageSize,
            total: list.data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (n) => tc('crud.total', { count: n }),
            onChange: (p, s) => {
              setPage(s !== pageSize ? 1 : p);
              setPageSize(s);
            },
          }}
          locale={{
            emptyText: list.isLoading ? ' ' : <EmptyState description={filtered ? tc('crud.noMatches') : t('outbox.empty')} />,
          }}
        />
      )}
    </Card>
  );
}
