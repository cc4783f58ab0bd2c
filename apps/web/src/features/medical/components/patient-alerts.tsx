import { WarningOutlined } from '@ant-design/icons';
import type { MedicalAlert } from '@dental/contract';
import { Flex, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../lib/permissions';
import { useTheme } from '../../../lib/theme';
import { usePatientMedicalHistory } from '../api';
import { localText } from '../local-text';

const COLORS: Record<MedicalAlert['kind'], string> = { question: 'red', disease: 'volcano', drug: 'orange' };
/** The tags' text in a deeper (light theme) or lighter (dark) shade of their colour: antd's orange and volcano text
 * reads at about 3:1 on its own tint; these pass WCAG AA in both themes (issue 18). */
export const ALERT_TEXT: Record<'light' | 'dark', Partial<Record<MedicalAlert['kind'], string>>> = {
  light: { disease: '#ad2102', drug: '#ad4e00' },
  dark: { disease: '#ff9c6e', drug: '#ffc069' },
};

/**
 * The text of an alert tag in the reader's language: the question's alert fact ("Allergic to penicillin", else the
 * question) or the disease / drug, with the chosen options or the dosage.
 */
export function alertLabel(alert: MedicalAlert) {
  const name = localText(alert.nameAr, alert.nameEn, alert.nameFr);
  const detail =
    alert.detailAr === null ? null : localText(alert.detailAr, alert.detailEn ?? alert.detailAr, alert.detailFr);
  return detail ? `${name}: ${detail}` : name;
}

/**
 * The patient's medical alerts as compact red and orange tags for the patient file's header (nothing when there
 * are none). It reads the same query as the medical history tab, so it follows every save there.
 */
export default function PatientAlerts({ patientId }: { patientId: number }) {
  const { t } = useTranslation('medical');
  const canRead = useCan('patient_list');
  const theme = useTheme();
  const { data } = usePatientMedicalHistory(canRead ? patientId : 0);
  const alerts = data?.alerts ?? [];
  if (!alerts.length) return null;
  return (
    <Flex wrap gap={4} role="list" aria-label={t('alerts.label')}>
      {alerts.map((alert) => {
        const label = alertLabel(alert);
        return (
          <Tooltip
            key={`${alert.kind}-${alert.id}`}
            title={
              <>
                <div>
                  {t(`alerts.${alert.kind}`)}: {label}
                </div>
                {alert.note && <div>{alert.note}</div>}
              </>
            }
          >
            <Tag
              role="listitem"
              color={COLORS[alert.kind]}
              icon={<WarningOutlined />}
              style={{
                color: ALERT_TEXT[theme][alert.kind],
                marginInlineEnd: 0,
                maxWidth: 260,
                overflow: 'hidden',
                textOverflow: 'ellipsis',
                whiteSpace: 'nowrap',
              }}
            >
              {label}
            </Tag>
          </Tooltip>
        );
      })}
    </Flex>
  );
}
