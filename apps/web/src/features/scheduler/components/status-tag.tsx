import type { AppointmentStatus } from '@dental/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { STATUS_COLORS } from '../status-colors';

/** An appointment status in its colour. */
export function StatusTag({ status }: { status: AppointmentStatus }) {
  const { t } = useTranslation('scheduler');
  return (
    <Tag color={STATUS_COLORS[status]} className="status-tag" data-status={status}>
      {t(`status.${status}`)}
    </Tag>
  );
}
