import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import type { BookingDay, BookingType } from '@dental/contract';
import { Button, Flex, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { EmptyState } from 'components/empty-state';
import { formatDay, weekdayOf } from '../booking-format';

interface DayPickerProps {
  days: readonly BookingDay[] | undefined;
  loading: boolean;
  bookingType: BookingType;
  today: string;
  tomorrow: string;
  selected: string | undefined;
  onSelect: (date: string) => void;
  onEarlier?: () => void;
  onLater?: () => void;
}

/** The bookable days as a scrolling row of cards: weekday, date and what is left; closed days cannot be chosen. */
export function DayPicker({ days, loading, bookingType, today, tomorrow, selected, onSelect, onEarlier, onLater }: DayPickerProps) {
  const { t } = useTranslation('booking');
  if (loading && !days) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (!days?.length) return <EmptyState compact description={t('day.none')} />;

  const note = (d: BookingDay) => {
    if (d.status !== 'open') return t(`day.${d.status}`);
    if (bookingType === 'time') return t('day.freeTimes', { count: d.free ?? 0 });
    return d.free == null ? t('day.available') : t('day.placesLeft', { count: d.free });
  };
  const label = (date: string) => (date === today ? t('day.today') : date === tomorrow ? t('day.tomorrow') : weekdayOf(date));

  return (
    <div>
      <div className="booking-days" role="listbox" aria-label={t('day.label')}>
        {days.map((d) => {
          const open = d.status === 'open';
          const active = d.date === selected;
          return (
            <button
              key={d.date}
              type="button"
              role="option"
              aria-selected={active}
              disabled={!open}
              data-date={d.date}
              className={`booking-day${active ? ' booking-day-active' : ''}${open ? '' : ' booking-day-closed'}`}
              onClick={() => onSelect(d.date)}
            >
              <span className="booking-day-name">{label(d.date)}</span>
              <span className="booking-day-date">{formatDay(d.date)}</span>
              <span className="booking-day-note">{note(d)}</span>
            </button>
          );
        })}
      </div>
      {(onEarlier || onLater) && (
        <Flex justify="space-between" className="booking-days-paging">
          <Button type="link" icon={<RightOutlined className="booking-flip" />} disabled={!onEarlier} onClick={onEarlier}>
            {t('day.earlier')}
          </Button>
          <Button type="link" icon={<LeftOutlined className="booking-flip" />} iconPlacement="end" disabled={!onLater} onClick={onLater}>
            {t('day.later')}
          </Button>
        </Flex>
      )}
      {loading && <Typography.Text type="secondary">{t('loading')}</Typography.Text>}
    </div>
  );
}
