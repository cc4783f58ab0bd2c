import { DeleteOutlined, FilePdfOutlined, UploadOutlined } from '@ant-design/icons';
import {
  ATTACHMENT_EXTENSIONS,
  ATTACHMENT_LIMITS,
  type LabOrderAttachmentItem,
  type LabOrderStatus,
  attachmentKindOfName,
  labOrderTakesAttachments,
} from '@dental/contract';
import { Alert, Button, Card, Empty, Flex, Image, Input, Popconfirm, Skeleton, Space, Tooltip, Typography, Upload } from 'antd';
import type { RcFile } from 'antd/es/upload';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { fieldErrorText } from '../../../lib/i18n';
import { notify } from '../../../lib/toast';
import { useDeleteLabOrderAttachment, useLabOrderAttachments, useSaveLabOrderAttachments } from '../api';
import { nameDirection } from '../lab-model';

const MAX_BYTES = ATTACHMENT_LIMITS.maxFileMb * 1024 * 1024;
const ACCEPT = ATTACHMENT_EXTENSIONS.map((e) => `.${e}`).join(',');

/**
 * A lab order's files (photos and scans of impressions, x-rays, PDFs): thumbnails that open the file, who added it
 * and when, upload (several at once, with a comment) and removal after a confirmation. `mine`: the lab user's view
 * (their own calls; they remove only what they added, the server says which through `canDelete`).
 */
export function LabOrderAttachments({
  labOrderId,
  status,
  mine = false,
  canAdd = true,
}: {
  labOrderId: number;
  status: LabOrderStatus;
  mine?: boolean;
  canAdd?: boolean;
}) {
  const closed = !labOrderTakesAttachments(status);
  const { t } = useTranslation('labs');
  const { t: tc } = useTranslation();
  const list = useLabOrderAttachments(labOrderId, mine);
  const save = useSaveLabOrderAttachments(mine);
  const remove = useDeleteLabOrderAttachment(mine);
  const [pending, setPending] = useState<RcFile[]>([]);
  const [comments, setComments] = useState('');

  const take = (file: RcFile) => {
    if (!attachmentKindOfName(file.name)) notify.warning(`${fieldErrorText('invalid_image_type')}: ${file.name}`);
    else if (file.size > MAX_BYTES) notify.warning(`${fieldErrorText('attachment_too_large')}: ${file.name}`);
    else setPending((prev) => (prev.length >= ATTACHMENT_LIMITS.maxFiles ? prev : [...prev, file]));
    return Upload.LIST_IGNORE;
  };
  const upload = async () => {
    try {
      await save.mutateAsync({ labOrderId, comments: comments.trim() || undefined, files: pending });
      notify.success(t('attachments.uploaded', { count: pending.length }));
      setPending([]);
      setComments('');
    } catch {
      // the API client said why (type, size); the files stay so one can be removed
    }
  };
  const items: LabOrderAttachmentItem[] = list.data?.items ?? [];

  return (
    <Card title={t('attachments.title')} size="small" data-testid="lab-order-attachments">
      {closed && (
        <Typography.Paragraph type="secondary" data-testid="lab-attachments-closed">
          {fieldErrorText('lab_attachment_order_closed')}
        </Typography.Paragraph>
      )}
      {canAdd && !closed && (
        <Flex vertical gap={8} style={{ marginBlockEnd: 16 }}>
          <Upload
            multiple
            accept={ACCEPT}
            beforeUpload={take}
            fileList={pending.map((f) => ({ uid: f.uid, name: f.name, size: f.size, status: 'done' as const }))}
            onRemove={(file) => setPending((prev) => prev.filter((f) => f.uid !== file.uid))}
            disabled={save.isPending}
          >
            <Button icon={<UploadOutlined />}>{t('attachments.choose')}</Button>
          </Upload>
          <Typography.Text type="secondary">
            {t('attachments.hint', { max: ATTACHMENT_LIMITS.maxFileMb, files: ATTACHMENT_LIMITS.maxFiles })}
          </Typography.Text>
          {pending.length > 0 && (
            <Flex gap={8} wrap>
              <Input
                value={comments}
                onChange={(e) => setComments(e.target.value)}
                maxLength={ATTACHMENT_LIMITS.commentsMax}
                placeholder={t('attachments.comments')}
                aria-label={t('attachments.comments')}
                style={{ flex: '1 1 220px' }}
              />
              <Button type="primary" onClick={upload} loading={save.isPending} data-testid="lab-attachments-upload">
                {t('attachments.upload', { count: pending.length })}
              </Button>
            </Flex>
          )}
        </Flex>
      )}
      {list.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : list.isError ? (
        <Alert type="error" showIcon message={t('attachments.loadError')} />
      ) : !items.length ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('attachments.empty')} />
      ) : (
        <Flex gap={12} wrap>
          {items.map((item) => (
            <Flex key={item.id} vertical gap={4} style={{ width: 150 }} data-testid="lab-attachment">
              {item.thumbnailUrl ? (
                <Image src={item.thumbnailUrl} preview={{ src: item.url }} width={150} height={110} style={{ objectFit: 'cover', borderRadius: 6 }} alt={item.fileName} />
              ) : (
                <Button href={item.url} target="_blank" rel="noopener" icon={<FilePdfOutlined />} style={{ height: 110 }} aria-label={`${t('attachments.open')} ${item.fileName}`}>
                  PDF
                </Button>
              )}
              <Space size={4} style={{ justifyContent: 'space-between' }}>
                <Typography.Link
                  href={item.url}
                  target="_blank"
                  rel="noopener"
                  ellipsis
                  style={{ maxWidth: 112, direction: nameDirection(item.fileName) }}
                  title={item.fileName}
                >
                  {item.fileName}
                </Typography.Link>
                {item.canDelete && (
                  <Popconfirm
                    title={tc('crud.confirmDeleteTitle')}
                    description={tc('crud.confirmDelete', { name: item.fileName })}
                    okText={tc('actions.delete')}
                    okButtonProps={{ danger: true }}
                    cancelText={tc('actions.cancel')}
                    onConfirm={() => remove.mutateAsync({ id: item.id }).then(() => notify.success(t('attachments.removed')), () => undefined)}
                  >
                    <Tooltip title={tc('actions.delete')}>
                      <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={`${tc('actions.delete')} ${item.fileName}`} />
                    </Tooltip>
                  </Popconfirm>
                )}
              </Space>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                <bdi>{item.byLab ? t('attachments.byLab') : item.authorName ?? ''}</bdi> · {formatDateTime(item.createdAt)}
              </Typography.Text>
              {item.comments && (
                <Typography.Text dir="auto" style={{ fontSize: 12 }}>
                  {item.comments}
                </Typography.Text>
              )}
            </Flex>
          ))}
        </Flex>
      )}
    </Card>
  );
}
