import { BellOutlined, DeleteOutlined } from '@ant-design/icons';
import { type NotificationItem, renderNotification } from '@dental/contract';
import { Alert, Badge, Button, Empty, Flex, List, Popconfirm, Popover, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { currentLanguage } from '../../../lib/i18n';
import { NOTIFICATIONS_MAX_SHOWN, NOTIFICATIONS_PAGE_SIZE, useDeleteNotifications, useNotifications, useUpdateNotificationStatus } from '../api';
import { relativeTime } from '../relative-time';
import '../notifications.css';

interface RowProps {
  item: NotificationItem;
  onOpen: (item: NotificationItem) => void;
}

/** One notification: its title and body in the reader's language, how long ago, read/unread and delete. */
function NotificationRow({ item, onOpen }: RowProps) {
  const { t } = useTranslation('notifications');
  const lang = currentLanguage();
  const text = renderNotification(item.kind, item.params, lang);
  const status = useUpdateNotificationStatus();
  const remove = useDeleteNotifications();
  return (
    <List.Item
      className={`notification-row${item.isRead ? '' : ' unread'}`}
      data-testid="notification-item"
      data-kind={item.kind}
      actions={[
        <Button
          key="read"
          size="small"
          type="text"
          className="notification-dot"
          aria-label={t(item.isRead ? 'markUnread' : 'markRead')}
          title={t(item.isRead ? 'markUnread' : 'markRead')}
          onClick={() => status.mutate({ notificationId: item.id, isRead: !item.isRead })}
        >
          <Badge status={item.isRead ? 'default' : 'processing'} />
        </Button>,
        <Popconfirm key="delete" title={t('deleteConfirm')} okText={t('delete')} okButtonProps={{ danger: true }} onConfirm={() => remove.mutateAsync({ ids: [item.id] })}>
          <Button size="small" type="text" icon={<DeleteOutlined />} aria-label={t('delete')} title={t('delete')} loading={remove.isPending} />
        </Popconfirm>,
      ]}
    >
      <button type="button" className="notification-open" onClick={() => onOpen(item)}>
        <Typography.Text strong={!item.isRead} className="notification-title">
          {text.title}
        </Typography.Text>
        {text.body && <Typography.Text className="notification-body">{text.body}</Typography.Text>}
        <Typography.Text type="secondary" className="notification-time">
          {relativeTime(item.createdAt, lang)}
        </Typography.Text>
      </button>
    </List.Item>
  );
}

/**
 * The header's bell (issue 17, docs/notifications.md): the unread count as a badge; a click opens the list, newest
 * first. Opening an item marks it read and goes to its route. The live connection's 'Notification' event (and
 * every notification mutation) refetches the list, so the count follows new notifications at once.
 */
export function NotificationBell() {
  const { t } = useTranslation('notifications');
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState(NOTIFICATIONS_PAGE_SIZE);
  const list = useNotifications(true, shown);
  const more = !!list.data && list.data.total > list.data.items.length && shown < NOTIFICATIONS_MAX_SHOWN;
  const status = useUpdateNotificationStatus();
  const unread = list.data?.unread ?? 0;

  const openItem = (item: NotificationItem) => {
    if (!item.isRead) status.mutate({ notificationId: item.id, isRead: true });
    if (item.route) {
      setOpen(false);
      void navigate(item.route);
    }
  };

  const content = (
    <div className="notification-panel" data-testid="notification-panel">
      <Flex justify="space-between" align="center" className="notification-panel-head">
        <Typography.Text strong>{t('title')}</Typography.Text>
        <Button size="small" type="link" disabled={!unread} loading={status.isPending} onClick={() => status.mutate({ all: true, isRead: true })}>
          {t('markAllRead')}
        </Button>
      </Flex>
      {list.isError ? (
        <Alert
          type="error"
          showIcon
          message={t('loadError')}
          action={
            <Button size="small" onClick={() => void list.refetch()}>
              {t('retry')}
            </Button>
          }
        />
      ) : !list.data ? (
        <Flex justify="center" style={{ padding: 24 }}>
          <Spin />
        </Flex>
      ) : list.data.items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />
      ) : (
        <>
          <List size="small" dataSource={list.data.items} rowKey="id" renderItem={(item) => <NotificationRow item={item} onOpen={openItem} />} />
          {more && (
            <Flex justify="center" style={{ padding: 8 }}>
              <Button
                size="small"
                loading={list.isFetching}
                onClick={() => setShown((n) => Math.min(n + NOTIFICATIONS_PAGE_SIZE, NOTIFICATIONS_MAX_SHOWN))}
                data-testid="notification-more"
              >
                {t('loadMore')}
              </Button>
            </Flex>
          )}
        </>
      )}
    </div>
  );

  return (
    <Popover content={content} trigger="click" open={open} onOpenChange={setOpen} placement="bottomRight" arrow={false} rootClassName="notification-popover">
      <Button
        type="text"
        data-testid="notification-bell"
        aria-label={unread ? t('bellUnread', { count: unread }) : t('bell')}
        icon={
          <Badge count={unread} size="small" overflowCount={99} data-testid="notification-count">
            <BellOutlined />
          </Badge>
        }
      />
    </Popover>
  );
}
