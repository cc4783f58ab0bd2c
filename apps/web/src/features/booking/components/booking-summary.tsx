import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatClockTime, formatDay, weekdayOf } from '../booking-format';

export interface BookingChoice {
  clinic: string;
  branch: string;
  date: string;
  /** 'time': the chosen slot; 'turn': the day's hours and the turn number. */
  time?: string;
  hours?: { start: string; end: string };
  turnNumber?: number | null;
}

/** What the patient is booking (before confirming) or has booked (after). */
export function BookingSummary({ choice }: { choice: BookingChoice }) {
  const { t } = useTranslation('booking');
  const items = [
    { key: 'clinic', label: t('summary.clinic'), children: choice.clinic },
    { key: 'branch', label: t('summary.branch'), children: choice.branch },
    { key: 'date', label: t('summary.date'), children: `${weekdayOf(choice.date)} ${formatDay(choice.date)}` },
  ];
  if (choice.time) items.push({ key: 'time', label: t('summary.time'), children: formatClockTime(choice.time) });
  if (choice.turnNumber != null) items.push({ key: 'turn', label: t('summary.turn'), children: String(choice.turnNumber) });
  if (choice.hours)
    items.push({ key: 'hours', label: t('summary.hours'), children: `${formatClockTime(choice.hours.start)} – ${formatClockTime(choice.hours.end)}` });
  return <Descriptions size="small" column={1} bordered items={items} className="booking-summary" />;
}
