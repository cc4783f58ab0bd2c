import { WarningOutlined } from '@ant-design/icons';
import type { MedicalAlert } from '@dental/contract';
import { Alert, Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { alertLabel } from '../../medical/components/patient-alerts';

/**
 * The patient's allergies, alert drugs and diseases and alert answers, in a red box at the top of the prescription
 * while it is written (a quiet line when there are none).
 */
export function MedicalAlerts({ alerts }: { alerts: MedicalAlert[] | undefined }) {
  const { t } = useTranslation('prescriptions');
  const { t: tm } = useTranslation('medical');
  if (!alerts) return null;
  if (!alerts.length) return <Alert type="info" showIcon message={t('editor.noAlerts')} style={{ marginBlockEnd: 16 }} />;
  return (
    <Alert
      type="error"
      showIcon
      icon={<WarningOutlined />}
      data-testid="rx-alerts"
      style={{ marginBlockEnd: 16 }}
      message={<strong>{t('editor.alertsTitle')}</strong>}
      description={
        <Flex wrap gap={6} role="list">
          {alerts.map((a) => (
            <Tag role="listitem" key={`${a.kind}-${a.id}`} color="red" style={{ marginInlineEnd: 0, whiteSpace: 'normal' }}>
              {tm(`alerts.${a.kind}`)}: {alertLabel(a)}
              {a.note ? ` (${a.note})` : ''}
            </Tag>
          ))}
        </Flex>
      }
    />
  );
}
