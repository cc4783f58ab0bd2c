import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import { DATE_FORMAT } from '../../../lib/format';

export interface DateJumpPickerProps {
  /** 'YYYY-MM-DD'. */
  date: string;
  onDate: (date: string) => void;
  label: string;
  /** Opened by a click or a key on the button it replaces: focused and open at once. */
  opened: boolean;
}

/** The toolbar's date picker itself, loaded when the button standing for it is first used (date-jump.tsx). */
export default function DateJumpPicker({ date, onDate, label, opened }: DateJumpPickerProps) {
  return (
    <DatePicker
      value={dayjs(date)}
      format={DATE_FORMAT}
      allowClear={false}
      onChange={(d) => d && onDate(d.format('YYYY-MM-DD'))}
      aria-label={label}
      autoFocus={opened}
      defaultOpen={opened}
      style={{ width: 140 }}
    />
  );
}
