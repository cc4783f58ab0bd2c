import { CheckCircleFilled, CloseCircleFilled, LoadingOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Availability } from './use-availability';

/** "Available" / "Not available" under a field with a live availability check. */
export function AvailabilityHint({ state }: { state: Availability }) {
  const { t } = useTranslation('users');
  if (state === 'idle') return null;
  if (state === 'checking')
    return (
      <Typography.Text type="secondary" className="availability-hint">
        <LoadingOutlined /> {t('availability.checking')}
      </Typography.Text>
    );
  const free = state === 'available';
  return (
    <Typography.Text type={free ? 'success' : 'danger'} className="availability-hint" role="status">
      {free ? <CheckCircleFilled /> : <CloseCircleFilled />} {t(free ? 'availability.available' : 'availability.taken')}
    </Typography.Text>
  );
}
