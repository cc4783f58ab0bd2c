import { LeftOutlined, PlusOutlined, RightOutlined } from '@ant-design/icons';
import { Button, ConfigProvider, Flex, Grid, Segmented, Select, Space, Spin, Typography } from 'antd';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { CALENDAR_VIEWS, type CalendarView } from '../calendar-model';
import { DateJump } from './date-jump';

const WAVE_OFF = { disabled: true };

interface CalendarToolbarProps {
  title: string;
  view: CalendarView;
  /** The date the calendar shows, 'YYYY-MM-DD' (the clinic's calendar). */
  date: string;
  rtl: boolean;
  loading: boolean;
  onToday: () => void;
  onPrev: () => void;
  onNext: () => void;
  onView: (view: CalendarView) => void;
  onDate: (date: string) => void;
  /** Shown only when the user may add appointments. */
  onNew?: () => void;
}

/** Today, previous and next, the period's title, a date to jump to, the view switcher and "new appointment". */
export const CalendarToolbar = memo(function CalendarToolbar({
  title,
  view,
  date,
  rtl,
  loading,
  onToday,
  onPrev,
  onNext,
  onView,
  onDate,
  onNew,
}: CalendarToolbarProps) {
  const { t } = useTranslation('scheduler');
  // in right-to-left the earlier period is on the right: the arrows point the way the calendar moves
  const PrevIcon = rtl ? RightOutlined : LeftOutlined;
  const NextIcon = rtl ? LeftOutlined : RightOutlined;
  // a phone has no room for seven views side by side: a list (issue 18)
  const phone = !Grid.useBreakpoint().sm;
  const viewOptions = (Object.keys(CALENDAR_VIEWS) as CalendarView[]).map((v) => ({
    value: v,
    label: t(`views.${v}`),
  }));
  return (
    // no click wave: its animated layer, painted while a busy week is drawn, made the browser test every
    // appointment against it (about a third of the frame; bench/calendar-render.ts)
    <ConfigProvider wave={WAVE_OFF}>
      <Flex className="calendar-toolbar" justify="space-between" align="center" wrap gap="small">
        <Space wrap>
          <Button onClick={onToday}>{t('toolbar.today')}</Button>
          <Space.Compact>
            <Button icon={<PrevIcon />} onClick={onPrev} aria-label={t('toolbar.prev')} title={t('toolbar.prev')} />
            <Button icon={<NextIcon />} onClick={onNext} aria-label={t('toolbar.next')} title={t('toolbar.next')} />
          </Space.Compact>
          <DateJump date={date} onDate={onDate} label={t('toolbar.goToDate')} />
          <Typography.Title level={4} className="calendar-title" style={{ margin: 0 }}>
            {title}
          </Typography.Title>
          {loading && <Spin size="small" />}
        </Space>
        <Space wrap>
          {phone ? (
            <Select<CalendarView>
              value={view}
              onChange={onView}
              options={viewOptions}
              aria-label={t('toolbar.view')}
              style={{ width: 150 }}
            />
          ) : (
            <Segmented<CalendarView> value={view} onChange={onView} options={viewOptions} />
          )}
          {onNew && (
            <Button type="primary" icon={<PlusOutlined />} onClick={onNew}>
              {t('toolbar.new')}
            </Button>
          )}
        </Space>
      </Flex>
    </ConfigProvider>
  );
});
