import { InboxOutlined, UploadOutlined } from '@ant-design/icons';
import { ATTACHMENT_EXTENSIONS, ATTACHMENT_LIMITS, attachmentKindOfName, saveAttachmentsFields } from '@dental/contract';
import { Button, Card, Flex, Form, Input, Upload, type UploadFile } from 'antd';
import type { RcFile } from 'antd/es/upload';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorText } from '../../../lib/i18n';
import { zodField } from '../../../lib/form';
import { notify } from '../../../lib/toast';
import { useSaveAttachments } from '../api';

const MAX_BYTES = ATTACHMENT_LIMITS.maxFileMb * 1024 * 1024;
const ACCEPT = ATTACHMENT_EXTENSIONS.map((e) => `.${e}`).join(',');

/**
 * Drop or pick files (images or PDFs, several at once), add a comment, upload them together. The browser checks
 * the extension, size and count first; the server checks every file by its content (a refusal shows as a toast).
 */
export function AttachmentUploader({ patientId }: { patientId: number }) {
  const { t } = useTranslation('patient-files');
  const [form] = Form.useForm<{ comments?: string }>();
  const [pending, setPending] = useState<RcFile[]>([]);
  const count = useRef(0); // files accepted so far in this selection (beforeUpload runs once per file)
  const save = useSaveAttachments();

  const keep = (next: RcFile[]) => {
    count.current = next.length;
    setPending(next);
  };

  /** Takes a chosen file into the pending list, or says why not. Never uploads by itself. */
  const take = (file: RcFile) => {
    if (!attachmentKindOfName(file.name)) notify.warning(`${fieldErrorText('invalid_image_type')}: ${file.name}`);
    else if (file.size > MAX_BYTES) notify.warning(`${fieldErrorText('attachment_too_large')}: ${file.name}`);
    else if (count.current >= ATTACHMENT_LIMITS.maxFiles) notify.warning(fieldErrorText('too_many_files'));
    else {
      count.current += 1;
      setPending((prev) => [...prev, file]);
    }
    return Upload.LIST_IGNORE;
  };

  const upload = async () => {
    let values: { comments?: string };
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    try {
      await save.mutateAsync({ patientId, comments: values.comments || undefined, files: pending });
      notify.success(t('attachments.uploaded', { count: pending.length }));
      keep([]);
      form.resetFields();
    } catch {
      // the API client said why (invalid image type, too large ...); the files stay so one can be removed
    }
  };

  const fileList: UploadFile[] = pending.map((f) => ({ uid: f.uid, name: f.name, size: f.size, status: 'done' }));

  return (
    <Card size="small" className="attachment-uploader">
      <Upload.Dragger
        multiple
        accept={ACCEPT}
        fileList={fileList}
        beforeUpload={take}
        onRemove={(file) => keep(pending.filter((f) => f.uid !== file.uid))}
        disabled={save.isPending}
        style={{ padding: '4px 0' }}
      >
        <p className="ant-upload-drag-icon" style={{ marginBottom: 8 }}>
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t('attachments.drop')}</p>
        <p className="ant-upload-hint">
          {t('attachments.hint', { max: ATTACHMENT_LIMITS.maxFileMb, files: ATTACHMENT_LIMITS.maxFiles })}
        </p>
      </Upload.Dragger>
      <Form form={form} name="attachmentsUpload" layout="vertical" onFinish={upload} disabled={save.isPending} style={{ marginTop: 12 }}>
        <Flex gap={8} align="start" wrap>
          <Form.Item
            name="comments"
            label={t('attachments.comments')}
            {...zodField(saveAttachmentsFields.shape.comments)}
            style={{ flex: '1 1 280px', marginBottom: 0 }}
          >
            <Input maxLength={ATTACHMENT_LIMITS.commentsMax} placeholder={t('attachments.commentsPlaceholder')} allowClear />
          </Form.Item>
          <Form.Item label=" " colon={false} style={{ marginBottom: 0 }}>
            <Button
              type="primary"
              htmlType="submit"
              icon={<UploadOutlined />}
              disabled={!pending.length}
              loading={save.isPending}
            >
              {pending.length ? t('attachments.uploadCount', { count: pending.length }) : t('attachments.upload')}
            </Button>
          </Form.Item>
        </Flex>
      </Form>
    </Card>
  );
}
