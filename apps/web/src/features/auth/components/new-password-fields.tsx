import { LockOutlined } from '@ant-design/icons';
import { password, resetByUserInput } from '@dental/contract';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { sameAsRule, zodField, zodRule } from 'lib/form';
import { PasswordChecklist } from './password-checklist';

/** New password + confirmation, with the live rule checklist (spec §5). Field names: password, confirmPassword. */
export function NewPasswordFields() {
  const { t } = useTranslation('auth');
  const form = Form.useFormInstance();
  const value = Form.useWatch('password', form) as string | undefined;
  return (
    <>
      <Form.Item name="password" label={t('fields.newPassword')} {...zodField(password)} style={{ marginBottom: 8 }}>
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" size="large" />
      </Form.Item>
      <PasswordChecklist value={value} />
      <Form.Item
        name="confirmPassword"
        label={t('fields.confirmPassword')}
        dependencies={['password']}
        required
        rules={[zodRule(resetByUserInput.shape.confirmPassword), sameAsRule('password')]}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" size="large" />
      </Form.Item>
    </>
  );
}
