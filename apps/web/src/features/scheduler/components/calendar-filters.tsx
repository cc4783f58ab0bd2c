import { APPOINTMENT_STATUSES, type CalendarSettings } from '@dental/contract';
import { Flex, Popover, Segmented, Select, Tag, Typography } from 'antd';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColorBy } from '../calendar-model';
import { STATUS_COLORS } from '../status-colors';
import { RoomLabel, roomOptions } from './room-dot';

export interface Filters {
  branchId: number;
  doctorId: number | null;
  roomId: number | null;
}

interface CalendarFiltersProps {
  filters: Filters;
  onChange: (next: Filters) => void;
  branches: Array<{ branchId: number; name: string }>;
  settings: CalendarSettings | undefined;
  colorBy: ColorBy;
  onColorBy: (v: ColorBy) => void;
}

/**
 * Branch (the user's branches), doctor and room, and the colouring (by room or by status, with its legend).
 * With only "view my appointments" the doctor is the user and cannot be changed.
 */
export const CalendarFilters = memo(function CalendarFilters({
  filters,
  onChange,
  branches,
  settings,
  colorBy,
  onColorBy,
}: CalendarFiltersProps) {
  const { t } = useTranslation('scheduler');
  const fixedDoctor = settings ? !settings.viewAll : false;
  const struck = (
    <Typography.Text type="secondary" className="legend-struck">
      <s>{t('filters.struckSample')}</s> — {t('filters.struckLegend')}
    </Typography.Text>
  );
  const colours =
    colorBy === 'status' ? (
      <Flex wrap gap={4} style={{ maxWidth: 360 }}>
        {APPOINTMENT_STATUSES.map((s) => (
          <Tag key={s} color={STATUS_COLORS[s]}>
            {t(`status.${s}`)}
          </Tag>
        ))}
      </Flex>
    ) : (
      <Flex vertical gap={4}>
        {(settings?.rooms ?? []).map((r) => (
          <RoomLabel key={r.id} room={r} />
        ))}
      </Flex>
    );
  const legend = (
    <Flex vertical gap={8}>
      {colours}
      {struck}
    </Flex>
  );

  return (
    <Flex className="calendar-filters" wrap gap="small" align="center">
      {branches.length > 1 && (
        <Select<number>
          aria-label={t('filters.branch')}
          value={filters.branchId}
          onChange={(branchId) => onChange({ branchId, doctorId: fixedDoctor ? filters.doctorId : null, roomId: null })}
          options={branches.map((b) => ({ value: b.branchId, label: b.name }))}
          style={{ minWidth: 160 }}
          prefix={`${t('filters.branch')}:`}
        />
      )}
      <Select<number>
        aria-label={t('filters.doctor')}
        allowClear={!fixedDoctor}
        disabled={fixedDoctor}
        placeholder={t('filters.allDoctors')}
        value={filters.doctorId ?? undefined}
        onChange={(doctorId) => onChange({ ...filters, doctorId: doctorId ?? null })}
        options={(settings?.doctors ?? []).map((d) => ({ value: d.id, label: d.name }))}
        showSearch={{ optionFilterProp: 'label' }}
        style={{ minWidth: 180 }}
        loading={!settings}
        prefix={`${t('filters.doctor')}:`}
      />
      <Select<number>
        aria-label={t('filters.room')}
        allowClear
        placeholder={t('filters.allRooms')}
        value={filters.roomId ?? undefined}
        onChange={(roomId) => onChange({ ...filters, roomId: roomId ?? null })}
        options={roomOptions(settings?.rooms ?? [])}
        style={{ minWidth: 160 }}
        loading={!settings}
        prefix={`${t('filters.room')}:`}
      />
      <Popover content={legend} title={t('filters.legend')} trigger={['hover', 'focus']}>
        <Segmented<ColorBy>
          aria-label={t('filters.colorBy')}
          value={colorBy}
          onChange={onColorBy}
          options={[
            { value: 'room', label: t('filters.byRoom') },
            { value: 'status', label: t('filters.byStatus') },
          ]}
        />
      </Popover>
    </Flex>
  );
});
