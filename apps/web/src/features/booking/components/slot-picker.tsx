import type { BookingSlot } from '@dental/contract';
import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { EmptyState } from 'components/empty-state';
import { formatClockTime } from '../booking-format';

interface SlotPickerProps {
  slots: readonly BookingSlot[] | undefined;
  loading: boolean;
  selected: string | undefined;
  onSelect: (time: string) => void;
}

/** The free times of the chosen day, in the clinic's local time, as a grid of buttons. */
export function SlotPicker({ slots, loading, selected, onSelect }: SlotPickerProps) {
  const { t } = useTranslation('booking');
  if (loading && !slots) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (!slots?.length) return <EmptyState compact description={t('time.none')} />;
  return (
    <div className="booking-slots" role="listbox" aria-label={t('time.label')}>
      {slots.map((s) => (
        <button
          key={s.time}
          type="button"
          role="option"
          aria-selected={s.time === selected}
          data-time={s.time}
          className={`booking-slot${s.time === selected ? ' booking-slot-active' : ''}`}
          onClick={() => onSelect(s.time)}
        >
          <bdi>{formatClockTime(s.time)}</bdi>
        </button>
      ))}
    </div>
  );
}
