import { EditOutlined, InboxOutlined } from '@ant-design/icons';
import { LANGUAGES, type Language, MESSAGE_TYPE_INFO, type MessageTypeItem } from '@dental/contract';
import { Button, Card, Flex, Select, Skeleton, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { useMessageTypes, useUpdateDefaultLang } from '../api';
import { formatHour } from '../sample';

/**
 * /Messages: the five message types (MT1-MT5) with what each is for, whether it goes on its own and when, and its
 * default language, changed here per type or for all of them at once (UpdateDefaultLang).
 */
export default function MessagesPage() {
  const { t } = useTranslation('messages');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const list = useMessageTypes();
  const update = useUpdateDefaultLang();
  const [allLang, setAllLang] = useState<Language | undefined>();
  const languageOptions = LANGUAGES.map((l) => ({ value: l, label: t(`languages.${l}`) }));

  const setLang = (defaultLang: Language, type?: MessageTypeItem['type']) =>
    update.mutate(
      { type, defaultLang },
      {
        onSuccess: () => {
          notify.success(t('list.langChanged'));
          if (!type) setAllLang(undefined);
        },
      },
    );

  const columns: TableColumnsType<MessageTypeItem> = [
    {
      key: 'type',
      title: t('list.type'),
      render: (_, item) => (
        <Flex vertical gap={2}>
          <Space size={6} wrap>
            <Typography.Text strong>{t(`purpose.${item.type}`)}</Typography.Text>
            <Tag>{item.type}</Tag>
            {item.builtIn && <Tag color="default">{t('list.builtIn')}</Tag>}
          </Space>
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            {t(`about.${item.type}`)}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'autoSend',
      title: t('list.autoSend'),
      responsive: ['sm'],
      render: (_, item) => {
        const info = MESSAGE_TYPE_INFO[item.type];
        if (!info.autoSend) return <Tag>{t('list.manualOnly')}</Tag>;
        if (!item.autoSend) return <Tag>{t('list.off')}</Tag>;
        return (
          <Flex vertical gap={2}>
            <Tag color="green" style={{ width: 'fit-content' }}>{t('list.on')}</Tag>
            {info.sendHour && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('list.atHour', { hour: formatHour(item.sendHour) })}
              </Typography.Text>
            )}
            {info.hourBefore && item.hourBefore && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('list.andHourBefore')}
              </Typography.Text>
            )}
          </Flex>
        );
      },
    },
    {
      key: 'defaultLang',
      title: t('list.defaultLang'),
      render: (_, item) => (
        <Select<Language>
          size="small"
          value={item.defaultLang}
          options={languageOptions}
          onChange={(lang) => setLang(lang, item.type)}
          loading={update.isPending && update.variables?.type === item.type}
          aria-label={`${t('list.defaultLang')} — ${t(`purpose.${item.type}`)}`}
          style={{ minWidth: 110 }}
        />
      ),
    },
    {
      key: 'updatedAt',
      title: t('list.updatedAt'),
      responsive: ['md'],
      render: (_, item) => (item.updatedAt ? <bdi>{formatDateTime(item.updatedAt)}</bdi> : '—'),
    },
    {
      key: 'actions',
      title: tc('crud.actions'),
      render: (_, item) => (
        <Button size="small" icon={<EditOutlined />} onClick={() => navigate(`/AddEditMessageType/${item.type}`)}>
          {tc('actions.edit')}
        </Button>
      ),
    },
  ];

  return (
    <Card>
      <Flex justify="space-between" align="center" wrap gap="middle" style={{ marginBlockEnd: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('list.title')}
        </Typography.Title>
        <Flex gap="small" wrap align="center">
          <Select<Language>
            placeholder={t('list.allLang')}
            aria-label={t('list.allLang')}
            value={allLang}
            options={languageOptions}
            onChange={setAllLang}
            style={{ minWidth: 200 }}
          />
          <Button disabled={!allLang} loading={update.isPending && !update.variables?.type} onClick={() => allLang && setLang(allLang)}>
            {t('list.applyAll')}
          </Button>
          <Button icon={<InboxOutlined />} onClick={() => navigate('/MessagesOutbox')}>
            {t('outbox.title')}
          </Button>
        </Flex>
      </Flex>
      {list.isPending ? (
        <Skeleton active />
      ) : list.isError ? (
        <EmptyState description={tc('error.subtitle')}>
          <Button onClick={() => void list.refetch()}>{tc('actions.reload')}</Button>
        </EmptyState>
      ) : (
        <Table<MessageTypeItem>
          rowKey="type"
          columns={columns}
          dataSource={list.data.items}
          pagination={false}
          scroll={{ x: 'max-content' }}
          data-testid="message-types"
        />
      )}
    </Card>
  );
}
