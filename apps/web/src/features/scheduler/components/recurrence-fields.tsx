import { RECURRENCE_FREQUENCIES, RECURRENCE_MAX_OCCURRENCES } from '@dental/contract';
import { Checkbox, Form, InputNumber, Radio, Space } from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs from 'dayjs';
import { DayField } from '../../../components/day-field';
import { useTranslation } from 'react-i18next';
import { ISO_DAY } from '../../../lib/format';
import { fieldErrorText } from '../../../lib/i18n';

const required = (message = 'field_required'): Rule => ({
  validator: async (_rule, value: unknown) => {
    if (value == null || value === '' || (Array.isArray(value) && value.length === 0))
      throw new Error(fieldErrorText(message));
  },
});
/** Saturday first, as the clinic's week. */
const WEEK = [6, 0, 1, 2, 3, 4, 5];

/** The repeat rule of a new appointment: daily, weekly on chosen days or monthly; every N; until a day or N times. */
export function RecurrenceFields() {
  const { t } = useTranslation('scheduler');
  const form = Form.useFormInstance();
  const frequency = Form.useWatch('frequency', form);
  const endKind = Form.useWatch('endKind', form);
  const date = Form.useWatch('date', form) as string | undefined;
  const weekdayName = (d: number) => dayjs('2026-11-22').add(d, 'day').format('dddd'); // 22 Nov 2026 is a Sunday

  return (
    <div className="recurrence-fields">
      <Form.Item name="frequency" label={t('recurrence.frequency')}>
        <Radio.Group
          optionType="button"
          options={RECURRENCE_FREQUENCIES.map((f) => ({ value: f, label: t(`recurrence.${f}`) }))}
        />
      </Form.Item>
      <Form.Item label={t('recurrence.every')} required>
        <Space>
          <Form.Item name="interval" noStyle rules={[required()]}>
            <InputNumber min={1} max={12} precision={0} style={{ width: 90 }} aria-label={t('recurrence.every')} />
          </Form.Item>
          <span>{t(`recurrence.unit.${frequency ?? 'daily'}`)}</span>
        </Space>
      </Form.Item>
      {frequency === 'weekly' && (
        <Form.Item name="weekdays" label={t('recurrence.weekdays')} rules={[required('recurrence_weekdays_required')]}>
          <Checkbox.Group options={WEEK.map((d) => ({ value: d, label: weekdayName(d) }))} />
        </Form.Item>
      )}
      <Form.Item name="endKind" label={t('recurrence.ends')}>
        <Radio.Group
          options={[
            { value: 'until', label: t('recurrence.untilDate') },
            { value: 'count', label: t('recurrence.afterCount') },
          ]}
        />
      </Form.Item>
      {endKind === 'until' ? (
        <DayField
          name="untilDate"
          label={t('recurrence.untilDate')}
          rules={[required('recurrence_end_required')]}
          pickerProps={{ disabledDate: (d) => !!date && d.isBefore(dayjs(date, ISO_DAY), 'day') }}
        />
      ) : (
        <Form.Item name="count" label={t('recurrence.count')} rules={[required('recurrence_end_required')]}>
          <InputNumber min={1} max={RECURRENCE_MAX_OCCURRENCES} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      )}
    </div>
  );
}
