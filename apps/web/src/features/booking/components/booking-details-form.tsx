import { bookInput } from '@dental/contract';
import { Alert, Button, Form, Input, Typography } from 'antd';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { PhoneInput } from 'components/phone-input';
import { zodField } from 'lib/form';

export interface DetailsValues {
  name: string;
  mobile: string;
}

interface Props {
  form: FormInstance<DetailsValues>;
  defaultDial: string;
  busy: boolean;
  /** A refusal that is not about one field (the time was taken, too many attempts ...). */
  error?: string;
  onSubmit: (values: DetailsValues) => void;
}

/** Name and international mobile, checked with the contract's schema, and the confirm button. */
export function BookingDetailsForm({ form, defaultDial, busy, error, onSubmit }: Props) {
  const { t } = useTranslation('booking');
  return (
    <Form<DetailsValues> form={form} name="booking" layout="vertical" requiredMark={false} onFinish={onSubmit} disabled={busy}>
      <Form.Item name="name" label={t('details.name')} {...zodField(bookInput.shape.name)}>
        <Input size="large" autoComplete="name" maxLength={150} dir="auto" />
      </Form.Item>
      <Form.Item name="mobile" label={t('details.mobile')} {...zodField(bookInput.shape.mobile)}>
        <PhoneInput defaultDial={defaultDial} />
      </Form.Item>
      {error && <Alert type="error" showIcon title={error} className="booking-error" />}
      <Typography.Paragraph type="secondary" className="booking-privacy">
        {t('details.privacy')}
      </Typography.Paragraph>
      <Button type="primary" htmlType="submit" size="large" block loading={busy}>
        {t('details.confirm')}
      </Button>
    </Form>
  );
}
