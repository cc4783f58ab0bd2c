import { NumberOutlined } from '@ant-design/icons';
import type { FreeSlots } from '@dental/contract';
import { Alert, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { EmptyState } from 'components/empty-state';
import { formatClockTime } from '../booking-format';

/** Booking by turn: the number the patient will get that day and the clinic's hours. */
export function TurnInfo({ day, loading, timeStart, timeEnd }: { day: FreeSlots | undefined; loading: boolean; timeStart: string; timeEnd: string }) {
  const { t } = useTranslation('booking');
  if (loading && !day) return <Skeleton active paragraph={{ rows: 1 }} />;
  if (!day || day.status !== 'open' || day.nextTurnNumber == null) return <EmptyState compact description={t('time.none')} />;
  return (
    <Alert
      type="info"
      showIcon
      icon={<NumberOutlined />}
      title={t('time.turn', { number: day.nextTurnNumber })}
      description={t('time.hours', { start: formatClockTime(timeStart), end: formatClockTime(timeEnd) })}
    />
  );
}
