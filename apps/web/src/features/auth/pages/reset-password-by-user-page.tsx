import { authCalls } from '@dental/contract';
import { Button, Form, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { callApi } from 'lib/api';
import { handleFormError } from 'lib/form';
import { AuthHeading } from '../components/auth-heading';
import { BackToLogin } from '../components/back-to-login';
import { NewPasswordFields } from '../components/new-password-fields';

interface ResetForm {
  password: string;
  confirmPassword: string;
}

/** Sets a new password with the token of an e-mailed reset link (/user/ResetPasswordByUser/:ID). */
export default function ResetPasswordByUserPage() {
  const { t } = useTranslation('auth');
  const { ID: token } = useParams();
  const navigate = useNavigate();
  const [form] = Form.useForm<ResetForm>();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  if (!token) {
    return (
      <Result
        status="warning"
        title={t('resetUser.invalidTitle')}
        subTitle={t('resetUser.invalidText')}
        extra={
          <Button type="primary" onClick={() => navigate('/user/forgetpassword/forgetpassword')}>
            {t('resetUser.requestNew')}
          </Button>
        }
      />
    );
  }
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

  const submit = async (values: ResetForm) => {
    setBusy(true);
    try {
      await callApi(authCalls.resetPasswordByUser, { token, ...values }, { silent: true });
      setDone(true);
    } catch (error) {
      handleFormError(form, error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <AuthHeading title={t('resetUser.title')} subtitle={t('resetUser.subtitle')} />
      <Form<ResetForm> form={form} layout="vertical" requiredMark={false} onFinish={submit} disabled={busy}>
        <NewPasswordFields />
        <Button type="primary" htmlType="submit" size="large" block loading={busy}>
          {t('resetUser.submit')}
        </Button>
      </Form>
      <div style={{ textAlign: 'center', marginTop: 12 }}>
        <BackToLogin />
      </div>
    </>
  );
}
