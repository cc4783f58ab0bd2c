import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  END_OF_DAY,
  type WorkingDay,
  WEEK_DAYS,
  type Shift,
  type UserDetails,
  minutesOf,
  updateWorkingDaysInput,
} from '@dental/contract';
import { Button, Checkbox, Flex, Form, TimePicker, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handleFormError } from '../../../lib/form';
import { timeFormatOf, uses24Hours } from '../../../lib/format';
import { currentLanguage, fieldErrorText } from '../../../lib/i18n';
import { notify } from '../../../lib/toast';
import { useUpdateWorkingDays } from '../api';

const TIME = 'HH:mm';
const toDayjs = (v?: string) => {
  if (!v || v === END_OF_DAY) return undefined;
  const [h, m] = v.split(':').map(Number);
  return dayjs().hour(h!).minute(m!).second(0).millisecond(0);
};
const fromDayjs = (d: Dayjs | null | undefined) => (d ? d.format(TIME) : undefined);

/** The weekday's name in the UI language (0 Sunday .. 6 Saturday); 2023-01-01 was a Sunday. */
export const weekdayName = (day: number, lang = currentLanguage()) =>
  new Intl.DateTimeFormat(lang, { weekday: 'long', timeZone: 'UTC' }).format(Date.UTC(2023, 0, 1 + day));

/** A shift's start: a time of day. */
function StartInput({ value, onChange, id }: { value?: string; onChange?: (v?: string) => void; id?: string }) {
  const { t } = useTranslation('users');
  return (
    <TimePicker
      id={id}
      aria-label={t('workingDays.start')}
      format={timeFormatOf()}
      use12Hours={!uses24Hours()}
      minuteStep={5}
      needConfirm={false}
      value={toDayjs(value)}
      onChange={(d) => onChange?.(fromDayjs(d))}
      placeholder={t('workingDays.start')}
    />
  );
}

/** A shift's end: a time of day, or 24:00 (the end of the day), which a time picker cannot show. */
function EndInput({ value, onChange, id }: { value?: string; onChange?: (v?: string) => void; id?: string }) {
  const { t } = useTranslation('users');
  const midnight = value === END_OF_DAY;
  return (
    <Flex gap="small" align="center">
      <TimePicker
        id={id}
        aria-label={t('workingDays.end')}
        format={timeFormatOf()}
      use12Hours={!uses24Hours()}
        minuteStep={5}
        needConfirm={false}
        value={toDayjs(value)}
        disabled={midnight}
        placeholder={midnight ? END_OF_DAY : t('workingDays.end')}
        onChange={(d) => onChange?.(fromDayjs(d))}
      />
      <Checkbox checked={midnight} onChange={(e) => onChange?.(e.target.checked ? END_OF_DAY : undefined)}>
        <bdi dir="ltr">{t('workingDays.midnight')}</bdi>
      </Checkbox>
    </Flex>
  );
}

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** A new shift: 09:00-17:00 for the first one, else the four hours after the day's last shift (up to 24:00). */
export function nextShift(shifts: readonly Partial<Shift>[] | undefined): Shift {
  const ends = (shifts ?? []).map((s) => s?.end).filter((e): e is string => !!e && /^\d\d:\d\d$/.test(e));
  if (!ends.length) return { start: '09:00', end: '17:00' };
  const last = Math.max(...ends.map(minutesOf));
  if (last >= 24 * 60 - 5) return { start: '', end: '' };
  return { start: hhmm(last), end: last + 240 >= 24 * 60 ? END_OF_DAY : hhmm(last + 240) };
}

type FormValues = { days: WorkingDay[] };
const fullWeek = (days: readonly WorkingDay[]): WorkingDay[] =>
  WEEK_DAYS.map((d) => ({
    dayOfWeek: d,
    shifts: days.find((x) => x.dayOfWeek === d)?.shifts.map((s) => ({ ...s })) ?? [],
  }));

/**
 * The working days editor (spec §5 time ranges): per weekday a list of shifts; a start before its end, 24:00 as an
 * end, no overlapping shifts in a day. Checked with the contract's rules before saving and again by the server.
 */
export function WorkingDaysEditor({ user, readOnly = false }: { user: UserDetails; readOnly?: boolean }) {
  const { t } = useTranslation('users');
  const { t: tc } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const save = useUpdateWorkingDays();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    form.setFieldsValue({ days: fullWeek(user.workingDays) });
  }, [form, user.workingDays]);

  const submit = async () => {
    const days = (form.getFieldValue('days') as WorkingDay[]).map((d) => ({
      dayOfWeek: d.dayOfWeek,
      shifts: (d.shifts ?? []).map((s) => ({ start: s?.start ?? '', end: s?.end ?? '' })),
    }));
    form.setFields(
      days.flatMap((d, i) =>
        d.shifts.flatMap((_, j) => [
          { name: ['days', i, 'shifts', j, 'start'], errors: [] },
          { name: ['days', i, 'shifts', j, 'end'], errors: [] },
        ]),
      ),
    );
    const checked = updateWorkingDaysInput.safeParse({ userId: user.id, days });
    if (!checked.success) {
      form.setFields(
        checked.error.issues
          .filter((i) => i.path[0] === 'days')
          .map((i) => ({ name: i.path as never, errors: [fieldErrorText(i.message)] })),
      );
      return;
    }
    setSaving(true);
    try {
      await save.mutateAsync({ userId: user.id, days });
      notify.success(t('workingDays.saved'));
    } catch (error) {
      handleFormError(form, error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form form={form} layout="vertical" disabled={readOnly || saving} onFinish={submit} className="working-days-editor">
      <Typography.Paragraph type="secondary">{t('workingDays.help')}</Typography.Paragraph>
      <Form.List name="days">
        {(dayFields) =>
          dayFields.map((dayField) => (
            <Flex
              key={dayField.key}
              gap="middle"
              align="start"
              wrap
              className="working-day-row"
              data-day={dayField.name}
            >
              <Typography.Text strong style={{ width: 110, paddingBlockStart: 5 }}>
                {weekdayName(dayField.name)}
              </Typography.Text>
              <Form.List name={[dayField.name, 'shifts']}>
                {(shiftFields, { add, remove }) => (
                  <Flex vertical gap={4} style={{ flex: 1, minWidth: 280 }}>
                    {shiftFields.length === 0 && (
                      <Typography.Text type="secondary" style={{ paddingBlockStart: 5 }}>
                        {t('workingDays.off')}
                      </Typography.Text>
                    )}
                    {shiftFields.map((shift) => (
                      <Flex key={shift.key} gap="small" align="start" wrap>
                        <Form.Item name={[shift.name, 'start']} style={{ marginBlockEnd: 8 }}>
                          <StartInput />
                        </Form.Item>
                        <Form.Item name={[shift.name, 'end']} style={{ marginBlockEnd: 8 }}>
                          <EndInput />
                        </Form.Item>
                        {!readOnly && (
                          <Button
                            type="text"
                            danger
                            icon={<DeleteOutlined />}
                            aria-label={`${t('workingDays.removeShift')} ${weekdayName(dayField.name)}`}
                            onClick={() => remove(shift.name)}
                          />
                        )}
                      </Flex>
                    ))}
                    {!readOnly && (
                      <div>
                        <Button
                          size="small"
                          type="dashed"
                          icon={<PlusOutlined />}
                          aria-label={`${t('workingDays.addShift')} ${weekdayName(dayField.name)}`}
                          onClick={() => add(nextShift(form.getFieldValue(['days', dayField.name, 'shifts'])))}
                        >
                          {t('workingDays.addShift')}
                        </Button>
                      </div>
                    )}
                  </Flex>
                )}
              </Form.List>
            </Flex>
          ))
        }
      </Form.List>
      {!readOnly && (
        <Flex justify="end" style={{ marginBlockStart: 16 }}>
          <Button type="primary" htmlType="submit" loading={saving}>
            {tc('actions.save')}
          </Button>
        </Flex>
      )}
    </Form>
  );
}
