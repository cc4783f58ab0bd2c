import { DeleteOutlined } from '@ant-design/icons';
import { ATTACHMENT_LIMITS, type AttachmentItem, updateAttachmentProcedureInput } from '@dental/contract';
import { Button, Flex, Form, Image, Input, Popconfirm, Segmented, Skeleton, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { FormModal } from '../../../components/form-modal';
import { useEditor } from '../../../components/list-page/use-editor';
import { zodField } from '../../../lib/form';
import { useCan } from '../../../lib/permissions';
import { notify } from '../../../lib/toast';
import { useAttachments, useDeleteAttachments, useUpdateAttachment } from '../api';
import { AttachmentCard } from '../components/attachment-card';
import { AttachmentUploader } from '../components/attachment-uploader';

const WRITE_KEYS = ['patient_edit', 'patient_procedures'] as const;
type Filter = 'all' | 'image' | 'pdf';
type CommentsForm = { comments?: string | null };

/**
 * Tab 5 of the patient file: upload images and PDFs (drag and drop, several at once, with a comment), a grid of
 * thumbnails with the image viewer, PDFs opened in a new tab, comments edited, files deleted after asking.
 */
export default function AttachmentsTab({ patientId }: { patientId: number }) {
  const { t } = useTranslation('patient-files');
  const { t: tc } = useTranslation();
  const attachments = useAttachments(patientId);
  const update = useUpdateAttachment();
  const remove = useDeleteAttachments();
  const editor = useEditor<AttachmentItem>();
  const [form] = Form.useForm<CommentsForm>();
  const [filter, setFilter] = useState<Filter>('all');
  const [selected, setSelected] = useState<number[]>([]);
  const canWrite = useCan(WRITE_KEYS);

  const all = useMemo(() => attachments.data?.items ?? [], [attachments.data]);
  const shown = filter === 'all' ? all : all.filter((a) => a.attachmentType === filter);
  const images = all.filter((a) => a.attachmentType === 'image').length;
  const chosen = selected.filter((id) => all.some((a) => a.id === id));
  const editing = useMemo(() => (editor.record ? { comments: editor.record.comments } : undefined), [editor.record]);

  const deleteIds = async (ids: number[]) => {
    await remove.mutateAsync({ ids });
    setSelected((prev) => prev.filter((id) => !ids.includes(id)));
    notify.success(tc('crud.deleted'));
  };

  return (
    <Flex vertical gap={16} className="patient-attachments">
      {canWrite && <AttachmentUploader patientId={patientId} />}

      {attachments.isLoading ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : all.length === 0 ? (
        <EmptyState description={canWrite ? t('attachments.emptyCanAdd') : t('attachments.empty')} />
      ) : (
        <>
          <Flex justify="space-between" align="center" wrap gap={8}>
            <Segmented<Filter>
              value={filter}
              onChange={setFilter}
              options={[
                { value: 'all', label: t('attachments.filterAll', { count: all.length }) },
                { value: 'image', label: t('attachments.filterImages', { count: images }) },
                { value: 'pdf', label: t('attachments.filterPdfs', { count: all.length - images }) },
              ]}
            />
            {canWrite && chosen.length > 0 && (
              <Flex gap={8} align="center">
                <Typography.Text type="secondary">{t('attachments.selected', { count: chosen.length })}</Typography.Text>
                <Button onClick={() => setSelected([])}>{t('attachments.clearSelection')}</Button>
                <Popconfirm
                  title={tc('crud.confirmDeleteTitle')}
                  description={t('attachments.confirmDeleteSelected', { count: chosen.length })}
                  okText={tc('actions.delete')}
                  okButtonProps={{ danger: true }}
                  cancelText={tc('actions.cancel')}
                  onConfirm={() => deleteIds(chosen)}
                >
                  <Button danger icon={<DeleteOutlined />}>
                    {t('attachments.deleteSelected', { count: chosen.length })}
                  </Button>
                </Popconfirm>
              </Flex>
            )}
          </Flex>
          {shown.length === 0 ? (
            <EmptyState compact description={t('attachments.noneOfType')} />
          ) : (
            <Image.PreviewGroup>
              <div
                role="list"
                aria-label={t('attachments.listLabel')}
                style={{ display: 'grid', gap: 12, gridTemplateColumns: 'repeat(auto-fill, minmax(190px, 1fr))' }}
              >
                {shown.map((item) => (
                  <div role="listitem" key={item.id}>
                    <AttachmentCard
                      item={item}
                      onEdit={canWrite ? () => editor.openEdit(item) : undefined}
                      onDelete={canWrite ? () => deleteIds([item.id]) : undefined}
                      selected={chosen.includes(item.id)}
                      onSelect={
                        canWrite
                          ? (on) => setSelected((prev) => (on ? [...prev, item.id] : prev.filter((id) => id !== item.id)))
                          : undefined
                      }
                    />
                  </div>
                ))}
              </div>
            </Image.PreviewGroup>
          )}
        </>
      )}

      <FormModal<CommentsForm>
        open={editor.open}
        title={t('attachments.editCommentsOf', { name: editor.record?.fileName ?? '' })}
        form={form}
        initialValues={editing}
        onSubmit={(values) => update.mutateAsync({ id: editor.record!.id, comments: values.comments ?? '' })}
        onClose={editor.close}
      >
        <Form.Item name="comments" label={t('attachments.comments')} {...zodField(updateAttachmentProcedureInput.shape.comments)}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={ATTACHMENT_LIMITS.commentsMax} showCount autoFocus />
        </Form.Item>
      </FormModal>
    </Flex>
  );
}
