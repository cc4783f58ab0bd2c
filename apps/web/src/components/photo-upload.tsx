import { CameraOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Flex, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorText } from '../lib/i18n';
import { notify } from '../lib/toast';

/** Spec §5 image types; the server checks the content as well. */
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'svg', 'jfif', 'gif'] as const;
const IMAGE_TYPES = ['image/jpeg', 'image/pjpeg', 'image/png', 'image/svg+xml', 'image/gif'];

/** Whether a chosen file looks like an accepted image: its extension, and its type when the browser gives one. */
export function isAcceptedImage(file: { name: string; type?: string }): boolean {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  const extOk = (IMAGE_EXTENSIONS as readonly string[]).includes(ext);
  return extOk && (!file.type || IMAGE_TYPES.includes(file.type));
}

/**
 * A photo (a user's, a patient's) with an upload button: the file type is checked before sending, `upload` sends
 * it (the server checks the content), the new thumbnail shows once stored.
 */
export function PhotoUpload<R extends { thumbnailUrl: string }>({
  upload,
  thumbnailUrl,
  name,
  onUploaded,
  size = 96,
  compact = false,
  readOnly = false,
}: {
  upload: (file: File) => Promise<R>;
  thumbnailUrl: string | null;
  name: string;
  onUploaded?: (result: R) => void;
  size?: number;
  /** A small button and no hint (page headers). */
  compact?: boolean;
  readOnly?: boolean;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  const src = preview ?? thumbnailUrl ?? undefined;

  return (
    <Flex vertical align="center" gap="small" className="photo-upload">
      <Avatar size={size} src={src} icon={!src ? <UserOutlined /> : undefined} alt={name} />
      {!readOnly && (
        <Upload
          accept={IMAGE_EXTENSIONS.map((e) => `.${e}`).join(',')}
          showUploadList={false}
          maxCount={1}
          beforeUpload={(file) => {
            if (isAcceptedImage(file)) return true;
            notify.warning(fieldErrorText('invalid_image_type'));
            return Upload.LIST_IGNORE;
          }}
          customRequest={async ({ file, onSuccess, onError }) => {
            setBusy(true);
            try {
              const result = await upload(file as File);
              setPreview(result.thumbnailUrl);
              onUploaded?.(result);
              notify.success(t('photo.uploaded'));
              onSuccess?.(result);
            } catch (error) {
              onError?.(error as Error);
            } finally {
              setBusy(false);
            }
          }}
        >
          <Button icon={<CameraOutlined />} loading={busy} size={compact ? 'small' : 'middle'}>
            {t('photo.upload')}
          </Button>
        </Upload>
      )}
      {!readOnly && !compact && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('photo.hint')}
        </Typography.Text>
      )}
    </Flex>
  );
}
