import { BOOKING_LIMITS, BOOKING_TIER, BOOKING_TYPES, saveClinicInput, tierRank } from '@dental/contract';
import { Alert, Col, Form, InputNumber, Radio, Row, Space, TimePicker, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { zodField } from '../../../lib/form';
import { timeFormatOf, uses24Hours } from '../../../lib/format';
import { fieldErrorText } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { Section } from './section';

const fields = saveClinicInput.shape;
const TIME_FORMAT = 'HH:mm';

/** The form keeps "HH:mm" text, as the contract does; the picker works with dayjs. */
const timeValue = {
  getValueProps: (value?: string | null) => ({ value: value ? dayjs(`2000-01-01T${value}`) : null }),
  normalize: (value: Dayjs | null) => (value ? value.format(TIME_FORMAT) : undefined),
};

/** The end must come after the start (spec §5 time ranges); "HH:mm" texts compare in time order. */
const afterStart: Rule = ({ getFieldValue }) => ({
  validator: async (_rule, end?: string) => {
    const start: string | undefined = getFieldValue('appointmentBookingTimeStart');
    if (start && end && start >= end) throw new Error(fieldErrorText('time_start_before_end'));
  },
});

/** Online booking: turn or time, the bookable days and hours, slot length and the daily and distance limits. */
export function BookingSection() {
  const { t } = useTranslation('clinic');
  const { t: tc } = useTranslation();
  const tier = useSession()?.user.subscriptionType ?? 'ST0';
  const num = (unit: string) => ({ style: { width: '100%' }, precision: 0, suffix: unit, dir: 'ltr' as const });
  return (
    <Section intro={t('booking.intro')}>
      {tierRank(tier) < tierRank(BOOKING_TIER) && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="booking-tier-alert"
          message={t('booking.tierLocked', { tier: tc(`tier.${BOOKING_TIER}`) })}
        />
      )}
      <Form.Item name="appointmentBookingType" label={t('booking.type')} {...zodField(fields.appointmentBookingType)}>
        <Radio.Group>
          <Space direction="vertical">
            {BOOKING_TYPES.map((type) => (
              <Radio key={type} value={type}>
                {t(`booking.${type}`)}
                <Typography.Text type="secondary"> — {t(`booking.${type}Help`)}</Typography.Text>
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="appointmentBookingDays"
            label={t('booking.days')}
            extra={t('booking.daysHelp')}
            {...zodField(fields.appointmentBookingDays)}
          >
            <InputNumber min={BOOKING_LIMITS.days.min} max={BOOKING_LIMITS.days.max} {...num(t('booking.dayUnit'))} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="appointmentBookingGapDays"
            label={t('booking.gapDays')}
            extra={t('booking.gapDaysHelp')}
            {...zodField(fields.appointmentBookingGapDays)}
          >
            <InputNumber
              min={BOOKING_LIMITS.gapDays.min}
              max={BOOKING_LIMITS.gapDays.max}
              {...num(t('booking.dayUnit'))}
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item
            name="appointmentBookingTimeStart"
            label={t('booking.timeStart')}
            {...zodField(fields.appointmentBookingTimeStart)}
            {...timeValue}
          >
            <TimePicker format={timeFormatOf()} use12Hours={!uses24Hours()} minuteStep={5} needConfirm={false} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item
            name="appointmentBookingTimeEnd"
            label={t('booking.timeEnd')}
            dependencies={['appointmentBookingTimeStart']}
            required
            rules={[...zodField(fields.appointmentBookingTimeEnd).rules, afterStart]}
            {...timeValue}
          >
            <TimePicker format={timeFormatOf()} use12Hours={!uses24Hours()} minuteStep={5} needConfirm={false} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="appointmentBookingInterval"
            label={t('booking.interval')}
            extra={t('booking.intervalHelp')}
            {...zodField(fields.appointmentBookingInterval)}
          >
            <InputNumber
              min={BOOKING_LIMITS.interval.min}
              max={BOOKING_LIMITS.interval.max}
              step={5}
              {...num(t('booking.minutes'))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="maxBookingsPerDay"
            label={t('booking.maxPerDay')}
            extra={t('booking.maxPerDayHelp')}
            {...zodField(fields.maxBookingsPerDay)}
          >
            <InputNumber min={BOOKING_LIMITS.maxPerDay.min} max={BOOKING_LIMITS.maxPerDay.max} {...num('')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="maxAttendanceDistance"
            label={t('booking.maxDistance')}
            extra={t('booking.maxDistanceHelp')}
            {...zodField(fields.maxAttendanceDistance)}
          >
            <InputNumber
              min={BOOKING_LIMITS.maxDistance.min}
              max={BOOKING_LIMITS.maxDistance.max}
              step={50}
              {...num(t('booking.metres'))}
            />
          </Form.Item>
        </Col>
      </Row>
    </Section>
  );
}
