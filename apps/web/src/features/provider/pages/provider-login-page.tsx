import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { adminLoginInput, authCalls } from '@dental/contract';
import { Button, Flex, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { queryClient } from 'app/query-client';
import { callApi } from 'lib/api';
import { handleFormError, zodField } from 'lib/form';
import { LOGIN_PATH } from 'lib/navigation';
import { PROVIDER_HOME_PATH, setProviderSession, useProviderSession } from 'lib/provider-session';
import { AuthHeading } from '../../auth/components/auth-heading';
import { CLINICS_KEY } from '../api';
import { LTR_INPUT } from '../components/ltr-input';

interface LoginForm {
  Email: string;
  Password: string;
}

/** Where to go after login: the wanted provider page, else the clinics list. */
const landing = (wanted: string | null) =>
  wanted && wanted.startsWith('/provider/') && wanted !== '/provider/login' ? wanted : PROVIDER_HOME_PATH;

/** /provider/login: the provider's staff (RL0) sign in with e-mail and password (AdminAccount/Login). */
export default function ProviderLoginPage() {
  const { t } = useTranslation('provider');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [form] = Form.useForm<LoginForm>();
  const [busy, setBusy] = useState(false);
  const session = useProviderSession();
  if (session && !busy) return <Navigate to={landing(params.get('redirect'))} replace />;

  const submit = async (values: LoginForm) => {
    setBusy(true);
    try {
      const result = await callApi(authCalls.adminLogin, values, { silent: true });
      queryClient.removeQueries({ queryKey: CLINICS_KEY });
      setProviderSession({ token: result.token, expiredTokenDate: result.expiredTokenDate, admin: result.objectData });
      navigate(landing(params.get('redirect')), { replace: true });
    } catch (error) {
      handleFormError(form, error);
      setBusy(false);
    }
  };

  return (
    <>
      <AuthHeading title={t('login.title')} subtitle={t('login.subtitle')} />
      <Form<LoginForm>
        form={form}
        name="provider-login"
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        disabled={busy}
      >
        <Form.Item name="Email" label={t('login.email')} {...zodField(adminLoginInput.shape.Email)}>
          <Input
            prefix={<MailOutlined />}
            type="email"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            size="large"
            dir="ltr"
            styles={LTR_INPUT}
          />
        </Form.Item>
        <Form.Item name="Password" label={t('login.password')} {...zodField(adminLoginInput.shape.Password)}>
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" size="large" />
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" block loading={busy}>
          {t('login.submit')}
        </Button>
      </Form>
      <Flex justify="center" style={{ marginTop: 16 }}>
        <Link to={LOGIN_PATH}>{t('login.clinicLogin')}</Link>
      </Flex>
    </>
  );
}
