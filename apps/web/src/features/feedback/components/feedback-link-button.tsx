import { LikeOutlined, WhatsAppOutlined } from '@ant-design/icons';
import { Button, Flex, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../lib/permissions';
import { QrImage } from '../../qrcodes/components/qr-image';
import { useCreateFeedbackLink } from '../api';

/**
 * After a checked-out visit: a new feedback link for the patient (Feedback/CreateFeedbackLink), shown to copy, to send
 * on WhatsApp, or as a QR code the patient scans at the desk. Each press makes a new link; a visit is answered once.
 */
export function FeedbackLinkButton({ appointmentId, mobile }: { appointmentId: number; mobile: string | null }) {
  const { t } = useTranslation('feedback');
  const can = useCan(['patient_feedback_list', 'scheduler_update_appointment']);
  const create = useCreateFeedbackLink();
  const [url, setUrl] = useState<string | null>(null);
  if (!can) return null;
  const whatsApp = url && mobile ? `https://wa.me/${mobile.replace(/\D/g, '')}?text=${encodeURIComponent(t('link.message', { url }))}` : null;
  return (
    <>
      <Button icon={<LikeOutlined />} loading={create.isPending} onClick={async () => setUrl((await create.mutateAsync({ appointmentId })).url)}>
        {t('link.button')}
      </Button>
      <Modal open={url != null} onCancel={() => setUrl(null)} footer={null} title={t('link.title')} destroyOnHidden>
        {url && (
          <Flex vertical align="center" gap="middle">
            <Typography.Paragraph type="secondary">{t('link.hint')}</Typography.Paragraph>
            <QrImage text={url} size={200} alt={t('link.qr')} />
            <Typography.Text copyable={{ text: url }} data-testid="feedback-link-url" style={{ wordBreak: 'break-all' }}>
              {url}
            </Typography.Text>
            {whatsApp && (
              <Button icon={<WhatsAppOutlined />} href={whatsApp} target="_blank" rel="noopener noreferrer">
                {t('link.whatsApp')}
              </Button>
            )}
          </Flex>
        )}
      </Modal>
    </>
  );
}
