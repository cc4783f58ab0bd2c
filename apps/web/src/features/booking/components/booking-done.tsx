import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { type BookingChoice, BookingSummary } from './booking-summary';

/** The confirmation once the booking is made: what was booked and that the clinic will confirm it. */
export function BookingDone({ choice, onAgain }: { choice: BookingChoice; onAgain: () => void }) {
  const { t } = useTranslation('booking');
  return (
    <Result
      className="booking-done"
      status="success"
      title={t('done.title')}
      subTitle={t('done.pending')}
      extra={
        <Button type="primary" onClick={onAgain}>
          {t('done.again')}
        </Button>
      }
    >
      <BookingSummary choice={choice} />
    </Result>
  );
}
