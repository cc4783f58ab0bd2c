import { WarningOutlined } from '@ant-design/icons';
import type { PatientListItem } from '@dental/contract';
import { Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { systemName } from '../../../lib/system-lookups';

const TYPE_COLOR = { PT1: 'default', PT2: 'gold', PT3: 'red' } as const;

/** The patient type (standard, VIP, blacklist) as a coloured tag; a blacklist patient carries a warning icon. */
export function PatientTypeTag({ type }: { type: PatientListItem['patientType'] }) {
  return (
    <Tag color={TYPE_COLOR[type]} icon={type === 'PT3' ? <WarningOutlined /> : undefined}>
      {systemName('PatientType', type)}
    </Tag>
  );
}

/** Years (or months, under two) since the date of birth. */
export function useAge() {
  const { t } = useTranslation('patients');
  return (dateOfBirth: string | null | undefined) => {
    if (!dateOfBirth) return '';
    const years = dayjs().diff(dateOfBirth, 'year');
    return years >= 2 ? t('age', { count: years }) : t('ageMonths', { count: dayjs().diff(dateOfBirth, 'month') });
  };
}
