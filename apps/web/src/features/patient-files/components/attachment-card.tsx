import {
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  EyeOutlined,
  FilePdfOutlined,
} from '@ant-design/icons';
import type { AttachmentItem } from '@dental/contract';
import { Button, Card, Checkbox, Flex, Image, Popconfirm, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatSize, formatStamp } from './stamp';

const THUMB_HEIGHT = 168;

interface AttachmentCardProps {
  item: AttachmentItem;
  /** Given only when the user may change attachments. */
  onEdit?: () => void;
  onDelete?: () => Promise<unknown>;
  selected?: boolean;
  onSelect?: (selected: boolean) => void;
}

/**
 * One attachment in the grid: the thumbnail (opens the image viewer) or a PDF icon (opens the document in a new
 * tab), the file name, date, size and comments, and its actions.
 */
export function AttachmentCard({ item, onEdit, onDelete, selected, onSelect }: AttachmentCardProps) {
  const { t } = useTranslation('patient-files');
  const { t: tc } = useTranslation();
  const isPdf = item.attachmentType === 'pdf';

  const cover = isPdf ? (
    <a
      href={item.url}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t('attachments.openPdf', { name: item.fileName })}
      className="attachment-pdf"
      style={{ height: THUMB_HEIGHT, display: 'flex', alignItems: 'center', justifyContent: 'center', flexDirection: 'column', gap: 8, background: 'var(--ant-color-fill-quaternary, rgba(0,0,0,0.02))' }}
    >
      <FilePdfOutlined style={{ fontSize: 56, color: '#e5484d' }} aria-hidden />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>PDF</Typography.Text>
    </a>
  ) : (
    <Image
      src={item.thumbnailUrl ?? item.url}
      alt={item.fileName}
      width="100%"
      height={THUMB_HEIGHT}
      style={{ objectFit: 'cover' }}
      preview={{ src: item.url, cover: <EyeOutlined aria-label={t('attachments.view')} /> }}
    />
  );

  const actions = [
    isPdf ? (
      <Tooltip key="open" title={t('attachments.open')}>
        <Button type="text" size="small" icon={<EyeOutlined />} href={item.url} target="_blank" rel="noopener noreferrer" aria-label={`${t('attachments.open')} ${item.fileName}`} />
      </Tooltip>
    ) : null,
    <Tooltip key="download" title={t('attachments.download')}>
      <Button type="text" size="small" icon={<DownloadOutlined />} href={item.url} download={item.fileName} aria-label={`${t('attachments.download')} ${item.fileName}`} />
    </Tooltip>,
    onEdit ? (
      <Tooltip key="edit" title={t('attachments.editComments')}>
        <Button type="text" size="small" icon={<EditOutlined />} onClick={onEdit} aria-label={`${tc('actions.edit')} ${item.fileName}`} />
      </Tooltip>
    ) : null,
    onDelete ? (
      <Popconfirm
        key="delete"
        title={tc('crud.confirmDeleteTitle')}
        description={tc('crud.confirmDelete', { name: item.fileName })}
        okText={tc('actions.delete')}
        okButtonProps={{ danger: true }}
        cancelText={tc('actions.cancel')}
        onConfirm={onDelete}
      >
        <Tooltip title={tc('actions.delete')}>
          <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={`${tc('actions.delete')} ${item.fileName}`} />
        </Tooltip>
      </Popconfirm>
    ) : null,
  ].filter(Boolean);

  return (
    <Card
      size="small"
      cover={cover}
      actions={actions}
      className={selected ? 'attachment-card attachment-card-selected' : 'attachment-card'}
      style={selected ? { outline: '2px solid var(--ant-color-primary, #079ee4)' } : undefined}
      styles={{ body: { padding: 10 } }}
      data-testid="attachment-card"
    >
      <Flex vertical gap={2}>
        <Flex gap={6} align="center">
          {onSelect && (
            <Checkbox
              checked={selected}
              onChange={(e) => onSelect(e.target.checked)}
              aria-label={t('attachments.select', { name: item.fileName })}
            />
          )}
          <Typography.Text strong ellipsis={{ tooltip: item.fileName }} style={{ minWidth: 0, flex: 1 }}>
            <bdi>{item.fileName}</bdi>
          </Typography.Text>
        </Flex>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          <bdi>{formatStamp(item.createdAt)}</bdi> · <bdi>{formatSize(item.size, { kb: t('attachments.kb'), mb: t('attachments.mb') })}</bdi>
        </Typography.Text>
        {item.authorName && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis>
            {t('attachments.by', { name: item.authorName })}
          </Typography.Text>
        )}
        <Typography.Paragraph
          dir={item.comments ? 'auto' : undefined}
          type={item.comments ? undefined : 'secondary'}
          italic={!item.comments}
          ellipsis={{ rows: 2, tooltip: item.comments ?? undefined }}
          style={{ marginBottom: 0, marginTop: 4, fontSize: 13, minHeight: 40, textAlign: 'start' }}
        >
          {item.comments ?? t('attachments.noComments')}
        </Typography.Paragraph>
      </Flex>
    </Card>
  );
}
