import { DeleteOutlined, PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { LOGO_EXTENSIONS, isLogoFileName } from '@dental/contract';
import { Button, Flex, Image, Typography, Upload } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorText } from '../../../lib/i18n';
import { notify } from '../../../lib/toast';

export interface LogoChoice {
  /** A new image picked in the browser, sent with the next save. */
  file: File | null;
  /** The current logo is to be removed on the next save. */
  removed: boolean;
}
export const NO_LOGO_CHANGE: LogoChoice = { file: null, removed: false };

const ACCEPT = LOGO_EXTENSIONS.map((e) => `.${e}`).join(',');

/**
 * The clinic logo: a preview (the picked file, else the stored logo), a picker that accepts the image types of
 * spec §5 only, and a remove button. The server checks the file again by its content.
 */
export function LogoPicker({
  currentUrl,
  value,
  onChange,
  readOnly,
}: {
  currentUrl: string | null;
  value: LogoChoice;
  onChange: (choice: LogoChoice) => void;
  readOnly: boolean;
}) {
  const { t } = useTranslation('clinic');
  const preview = useMemo(() => (value.file ? URL.createObjectURL(value.file) : null), [value.file]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  const shown = preview ?? (value.removed ? null : currentUrl);

  return (
    <Flex gap="middle" align="center" wrap>
      <div
        style={{
          width: 120,
          height: 120,
          borderRadius: 8,
          border: '1px dashed var(--ant-color-border)',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          overflow: 'hidden',
        }}
      >
        {shown ? (
          <Image src={shown} alt={t('details.logoAlt')} width={118} height={118} style={{ objectFit: 'contain' }} />
        ) : (
          <Flex vertical align="center" gap={4}>
            <PictureOutlined style={{ fontSize: 28, opacity: 0.45 }} aria-hidden />
            <Typography.Text type="secondary">{t('details.noLogo')}</Typography.Text>
          </Flex>
        )}
      </div>
      {!readOnly && (
        <Flex vertical gap="small">
          <Upload
            accept={ACCEPT}
            showUploadList={false}
            maxCount={1}
            beforeUpload={(file) => {
              if (isLogoFileName(file.name)) onChange({ file, removed: false });
              else notify.warning(fieldErrorText('invalid_image_type'));
              return Upload.LIST_IGNORE;
            }}
          >
            <Button icon={<UploadOutlined />}>{t('details.logoChoose')}</Button>
          </Upload>
          {shown && (
            <Button danger icon={<DeleteOutlined />} onClick={() => onChange({ file: null, removed: true })}>
              {t('details.logoRemove')}
            </Button>
          )}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('details.logoHelp')}
          </Typography.Text>
        </Flex>
      )}
    </Flex>
  );
}
