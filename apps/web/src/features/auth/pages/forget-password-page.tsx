import { HomeOutlined, MailOutlined } from '@ant-design/icons';
import { authCalls, forgetPasswordInput } from '@dental/contract';
import { Button, Form, Input, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from 'lib/api';
import { handleFormError, zodField } from 'lib/form';
import { STORAGE_KEYS, readStored } from 'lib/storage';
import { AuthHeading } from '../components/auth-heading';
import { BackToLogin } from '../components/back-to-login';

interface ForgetForm {
  clinicName: string;
  email: string;
}

/** Sends a reset link to the user's e-mail (spec §7 ForgetPassword). */
export default function ForgetPasswordPage() {
  const { t } = useTranslation('auth');
  const [form] = Form.useForm<ForgetForm>();
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = async (values: ForgetForm) => {
    setBusy(true);
    try {
      await callApi(authCalls.forgetPassword, values, { silent: true });
      setSentTo(values.email);
    } catch (error) {
      handleFormError(form, error);
    } finally {
      setBusy(false);
    }
  };

  if (sentTo) {
    return (
      <Result
        status="success"
        icon={<MailOutlined />}
        title={t('forget.sentTitle')}
        subTitle={t('forget.sentText', { email: sentTo })}
        extra={<BackToLogin primary />}
      />
    );
  }

  return (
    <>
      <AuthHeading title={t('forget.title')} subtitle={t('forget.subtitle')} />
      <Form<ForgetForm>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        disabled={busy}
        initialValues={{ clinicName: readStored<string>(STORAGE_KEYS.lastClinic) ?? '' }}
      >
        <Form.Item name="clinicName" label={t('fields.clinicName')} {...zodField(forgetPasswordInput.shape.clinicName)}>
          <Input prefix={<HomeOutlined />} autoCapitalize="none" spellCheck={false} size="large" />
        </Form.Item>
        <Form.Item name="email" label={t('fields.email')} {...zodField(forgetPasswordInput.shape.email)}>
          <Input prefix={<MailOutlined />} type="email" autoComplete="email" dir="ltr" size="large" />
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" block loading={busy}>
          {t('forget.submit')}
        </Button>
      </Form>
      <div style={{ textAlign: 'center', marginTop: 12 }}>
        <BackToLogin />
      </div>
    </>
  );
}
