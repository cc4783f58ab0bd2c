import { CustomerServiceOutlined, DeleteOutlined, SendOutlined, UserOutlined } from '@ant-design/icons';
import { type RequestStatus, type SupportRequestDetail, requestCommentInput } from '@dental/contract';
import {
  Avatar,
  Button,
  Descriptions,
  Divider,
  Drawer,
  Flex,
  Form,
  Input,
  Popconfirm,
  Result,
  Select,
  Skeleton,
  Space,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { EmptyState } from 'components/empty-state';
import { formatDateTime } from 'lib/format';
import { handleFormError, zodField } from 'lib/form';
import { notify } from 'lib/toast';
import {
  useAdminDeleteComment,
  useAdminRequestComment,
  useAdminSupportRequest,
  useUpdateRequestStatus,
} from '../api';
import { RequestKindTag, RequestStatusTag, useRequestStatusOptions } from './support-tags';

/** Changes a request's status (Support/UpdateRequestStatus) and says so. */
export function useChangeRequestStatus() {
  const { t } = useTranslation('provider');
  const { t: ts } = useTranslation('support');
  const update = useUpdateRequestStatus();
  return (request: { id: number; title: string }, status: RequestStatus) =>
    update
      .mutateAsync({ id: request.id, status })
      .then(() => notify.success(t('support.statusChanged', { title: request.title, status: ts(`status.${status}`) })))
      .catch(() => undefined);
}

/** The provider's view of one request: its body, status selector, comments (delete any, answer as support). */
export function SupportRequestDrawer({ id, onClose }: { id: number | undefined; onClose: () => void }) {
  const { t } = useTranslation('provider');
  const request = useAdminSupportRequest(id);
  const data = request.data && request.data.id === id ? request.data : undefined;
  return (
    <Drawer open={!!id} onClose={onClose} title={data?.title ?? t('support.details')} size="large" destroyOnHidden>
      {data ? (
        <RequestDetails request={data} />
      ) : request.isError ? (
        <Result status="404" subTitle={t('support.notFound')} />
      ) : (
        <Skeleton active />
      )}
    </Drawer>
  );
}

function RequestDetails({ request }: { request: SupportRequestDetail }) {
  const { t } = useTranslation('provider');
  const statusOptions = useRequestStatusOptions();
  const changeStatus = useChangeRequestStatus();
  return (
    <>
      <Space size="small" wrap style={{ marginBlockEnd: 16 }}>
        <RequestKindTag kind={request.kind} />
        <Select<RequestStatus>
          value={request.status}
          style={{ minWidth: 190 }}
          aria-label={t('support.statusOf', { title: request.title })}
          options={statusOptions}
          onChange={(next) => void changeStatus(request, next)}
        />
      </Space>
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered>
        <Descriptions.Item label={t('support.clinic')}>{request.authorClinic ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('support.author')}>{request.authorName}</Descriptions.Item>
        <Descriptions.Item label={t('support.createdAt')}>{formatDateTime(request.createdAt)}</Descriptions.Item>
        <Descriptions.Item label={t('support.updatedAt')}>{formatDateTime(request.updatedAt)}</Descriptions.Item>
        <Descriptions.Item label={t('support.votes')}>{request.voteCount}</Descriptions.Item>
        <Descriptions.Item label={t('support.status')}>
          <RequestStatusTag status={request.status} />
        </Descriptions.Item>
      </Descriptions>
      <Divider titlePlacement="start">{t('support.body')}</Divider>
      <div data-testid="request-body">
        <Typography.Paragraph dir="auto" style={{ whiteSpace: 'pre-wrap' }}>
          {request.body}
        </Typography.Paragraph>
      </div>
      <Comments request={request} />
    </>
  );
}

function Comments({ request }: { request: SupportRequestDetail }) {
  const { t } = useTranslation('provider');
  const { t: tc } = useTranslation();
  const add = useAdminRequestComment();
  const remove = useAdminDeleteComment();
  const [form] = Form.useForm<{ body: string }>();

  const submit = async ({ body }: { body: string }) => {
    try {
      await add.mutateAsync({ requestId: request.id, body });
      form.resetFields();
      notify.success(t('support.answered'));
    } catch (error) {
      handleFormError(form, error);
    }
  };

  return (
    <section aria-label={t('support.comments')}>
      <Divider titlePlacement="start">{t('support.commentsCount', { count: request.comments.length })}</Divider>
      {request.comments.length === 0 ? (
        <EmptyState compact description={t('support.noComments')} />
      ) : (
        <Flex vertical gap="middle" role="list">
          {request.comments.map((c) => (
            <Flex key={c.id} gap="middle" align="start" role="listitem" data-testid="comment">
              <Avatar
                icon={c.fromProvider ? <CustomerServiceOutlined /> : <UserOutlined />}
                style={c.fromProvider ? { background: '#0a73b0' } : undefined}
              />
              <Flex vertical flex={1} style={{ minWidth: 0 }}>
                <Flex justify="space-between" align="center" gap="small" wrap>
                  <Typography.Text strong>
                    {c.fromProvider ? t('support.supportTeam') : c.authorName}
                    {c.fromProvider && c.authorName && (
                      <Typography.Text type="secondary"> ({c.authorName})</Typography.Text>
                    )}
                  </Typography.Text>
                  <Flex align="center" gap="small">
                    <Typography.Text type="secondary">{formatDateTime(c.createdAt)}</Typography.Text>
                    <Popconfirm
                      title={t('support.confirmDeleteTitle')}
                      description={t('support.confirmDelete')}
                      okText={tc('actions.delete')}
                      okButtonProps={{ danger: true }}
                      cancelText={tc('actions.cancel')}
                      onConfirm={() =>
                        remove
                          .mutateAsync({ id: c.id })
                          .then(() => notify.success(tc('crud.deleted')))
                          .catch(() => undefined)
                      }
                    >
                      <Button
                        type="text"
                        size="small"
                        danger
                        icon={<DeleteOutlined />}
                        title={t('support.deleteComment')}
                        aria-label={t('support.deleteComment')}
                      />
                    </Popconfirm>
                  </Flex>
                </Flex>
                <Typography.Paragraph dir="auto" style={{ whiteSpace: 'pre-wrap', marginBlockEnd: 0 }}>
                  {c.body}
                </Typography.Paragraph>
              </Flex>
            </Flex>
          ))}
        </Flex>
      )}
      <Form form={form} layout="vertical" onFinish={submit} disabled={add.isPending} style={{ marginBlockStart: 24 }}>
        <Form.Item name="body" label={t('support.answer')} {...zodField(requestCommentInput.shape.body)}>
          <Input.TextArea rows={3} maxLength={2000} showCount placeholder={t('support.answerPlaceholder')} />
        </Form.Item>
        <Flex justify="end">
          <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={add.isPending}>
            {t('support.send')}
          </Button>
        </Flex>
      </Form>
    </section>
  );
}
