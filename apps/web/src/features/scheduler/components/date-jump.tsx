import { CalendarOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { Suspense, useState } from 'react';
import { lazyWhenOnline, preloadWithShell } from '../../../app/offline-ready';
import { formatDate } from '../../../lib/format';
import type { DateJumpPickerProps } from './date-jump-picker';

// antd's DatePicker is about 31 KB of the calendar's first load: it comes when first used, or after the page has shown
const loadPicker = preloadWithShell(() => import('./date-jump-picker'));
const DateJumpPicker = lazyWhenOnline(loadPicker);

/**
 * The toolbar's "go to date": until it is first used, a button that shows the date as the picker does; a click, Enter
 * or Space on it brings the picker, open and focused (typing a date or choosing one in its panel, as before).
 */
export function DateJump(props: Omit<DateJumpPickerProps, 'opened'>) {
  const [opened, setOpened] = useState(false);
  const stand = (
    <Button
      className="date-jump-button"
      aria-label={props.label}
      aria-haspopup="dialog"
      onClick={() => setOpened(true)}
      onPointerEnter={() => void loadPicker().catch(() => undefined)}
      onFocus={() => void loadPicker().catch(() => undefined)}
      icon={<CalendarOutlined />}
      iconPlacement="end"
    >
      <bdi dir="ltr">{formatDate(props.date)}</bdi>
    </Button>
  );
  if (!opened) return stand;
  return (
    <Suspense fallback={stand}>
      <DateJumpPicker {...props} opened />
    </Suspense>
  );
}
