import { CustomerServiceOutlined, DeleteOutlined, SendOutlined, UserOutlined } from '@ant-design/icons';
import { type SupportComment, requestCommentInput } from '@dental/contract';
import { Avatar, Button, Divider, Flex, Form, Input, Popconfirm, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { formatDateTime } from '../../../lib/format';
import { handleFormError, zodField } from '../../../lib/form';
import { notify } from '../../../lib/toast';
import { useDeleteComment, useRequestComment } from '../api';

/** The conversation on a request: comments oldest first, delete one's own (confirmed), add a new one. */
export function CommentsSection({ requestId, comments }: { requestId: number; comments: SupportComment[] }) {
  const { t } = useTranslation('support');
  const { t: tc } = useTranslation();
  const add = useRequestComment();
  const remove = useDeleteComment();
  const [form] = Form.useForm<{ body: string }>();
  const [sending, setSending] = useState(false);

  const submit = async ({ body }: { body: string }) => {
    setSending(true);
    try {
      await add.mutateAsync({ requestId, body });
      form.resetFields();
      notify.success(t('comments.added'));
    } catch (error) {
      handleFormError(form, error);
    } finally {
      setSending(false);
    }
  };

  return (
    <section aria-label={t('comments.title')}>
      <Divider titlePlacement="start">{t('comments.titleCount', { count: comments.length })}</Divider>
      {comments.length === 0 ? (
        <EmptyState compact description={t('comments.empty')} />
      ) : (
        <Flex vertical gap="middle" role="list">
          {comments.map((c) => {
            const author = c.fromProvider ? t('comments.supportTeam') : (c.authorName ?? t('otherClinicUser'));
            return (
              <Flex key={c.id} gap="middle" align="start" role="listitem" data-testid="comment">
                <Avatar
                  icon={c.fromProvider ? <CustomerServiceOutlined /> : <UserOutlined />}
                  style={c.fromProvider ? { background: '#0a73b0' } : undefined}
                />
                <Flex vertical flex={1} style={{ minWidth: 0 }}>
                  <Flex justify="space-between" align="center" gap="small" wrap>
                    <Typography.Text strong>
                      {author}
                      {c.isMine && <Typography.Text type="secondary"> ({t('you')})</Typography.Text>}
                    </Typography.Text>
                    <Flex align="center" gap="small">
                      <Typography.Text type="secondary">{formatDateTime(c.createdAt)}</Typography.Text>
                      {c.canDelete && (
                        <Popconfirm
                          title={t('comments.confirmDeleteTitle')}
                          description={t('comments.confirmDelete')}
                          okText={tc('actions.delete')}
                          okButtonProps={{ danger: true }}
                          cancelText={tc('actions.cancel')}
                          onConfirm={() =>
                            remove.mutateAsync({ id: c.id }).then(() => notify.success(tc('crud.deleted')))
                          }
                        >
                          <Tooltip title={tc('actions.delete')}>
                            <Button
                              type="text"
                              size="small"
                              danger
                              icon={<DeleteOutlined />}
                              aria-label={t('comments.delete')}
                            />
                          </Tooltip>
                        </Popconfirm>
                      )}
                    </Flex>
                  </Flex>
                  <Typography.Paragraph dir="auto" style={{ whiteSpace: 'pre-wrap', marginBlockEnd: 0 }}>
                    {c.body}
                  </Typography.Paragraph>
                </Flex>
              </Flex>
            );
          })}
        </Flex>
      )}
      <Form form={form} layout="vertical" onFinish={submit} disabled={sending} style={{ marginBlockStart: 24 }}>
        <Form.Item name="body" label={t('comments.add')} {...zodField(requestCommentInput.shape.body)}>
          <Input.TextArea rows={3} maxLength={2000} showCount placeholder={t('comments.placeholder')} />
        </Form.Item>
        <Flex justify="end">
          <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={sending}>
            {t('comments.send')}
          </Button>
        </Flex>
      </Form>
    </section>
  );
}
