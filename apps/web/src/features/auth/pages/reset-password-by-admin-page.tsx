import { HomeOutlined, KeyOutlined, UserOutlined } from '@ant-design/icons';
import { authCalls, resetByAdminInput } from '@dental/contract';
import { Button, Form, Input, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from 'lib/api';
import { handleFormError, zodField } from 'lib/form';
import { STORAGE_KEYS, readStored } from 'lib/storage';
import { AuthHeading } from '../components/auth-heading';
import { BackToLogin } from '../components/back-to-login';
import { NewPasswordFields } from '../components/new-password-fields';
import { LTR_INPUT } from '../../provider/components/ltr-input';

interface ResetByAdminForm {
  clinicName: string;
  userName: string;
  code: string;
  password: string;
  confirmPassword: string;
}

/** Sets a new password with the one-time code an administrator gave the user. */
export default function ResetPasswordByAdminPage() {
  const { t } = useTranslation('auth');
  const [form] = Form.useForm<ResetByAdminForm>();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  if (done) {
    return (
      <Result
        status="success"
        title={t('passwordChanged')}
        subTitle={t('passwordChangedText')}
        extra={<BackToLogin primary />}
      />
    );
  }

  const submit = async (values: ResetByAdminForm) => {
    setBusy(true);
    try {
      await callApi(authCalls.resetPasswordByAdmin, values, { silent: true });
      setDone(true);
    } catch (error) {
      handleFormError(form, error);
    } finally {
      setBusy(false);
    }
  };

  const shape = resetByAdminInput.shape;
  return (
    <>
      <AuthHeading title={t('resetAdmin.title')} subtitle={t('resetAdmin.subtitle')} />
      <Form<ResetByAdminForm>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        disabled={busy}
        initialValues={{ clinicName: readStored<string>(STORAGE_KEYS.lastClinic) ?? '' }}
      >
        <Form.Item name="clinicName" label={t('fields.clinicName')} {...zodField(shape.clinicName)}>
          <Input prefix={<HomeOutlined />} autoCapitalize="none" spellCheck={false} size="large" />
        </Form.Item>
        <Form.Item name="userName" label={t('fields.login')} {...zodField(shape.userName)}>
          <Input
            prefix={<UserOutlined />}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            size="large"
            // e-mail, user name (Latin) or mobile: left to right, so a mobile typed with spaces keeps its groups in order
            dir="ltr"
            styles={LTR_INPUT}
          />
        </Form.Item>
        <Form.Item name="code" label={t('fields.code')} {...zodField(shape.code)}>
          <Input prefix={<KeyOutlined />} autoComplete="one-time-code" dir="ltr" size="large" />
        </Form.Item>
        <NewPasswordFields />
        <Button type="primary" htmlType="submit" size="large" block loading={busy}>
          {t('resetAdmin.submit')}
        </Button>
      </Form>
      <div style={{ textAlign: 'center', marginTop: 12 }}>
        <BackToLogin />
      </div>
    </>
  );
}
