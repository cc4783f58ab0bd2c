import { HomeOutlined, LockOutlined, UserOutlined } from '@ant-design/icons';
import { authCalls, loginInput } from '@dental/contract';
import { Button, Flex, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { queryClient } from 'app/query-client';
import { landingPath } from 'app/route-table';
import { callApi } from 'lib/api';
import { handleFormError, zodField } from 'lib/form';
import { setSession } from 'lib/session';
import { STORAGE_KEYS, readStored, writeStored } from 'lib/storage';
import { useState } from 'react';
import { AuthHeading } from '../components/auth-heading';
import { LTR_INPUT } from '../../provider/components/ltr-input';

interface LoginForm {
  clinicName: string;
  Email: string;
  Password: string;
}

/** Clinic login (spec §7): clinic name, e-mail / user name / mobile and password. */
export default function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [form] = Form.useForm<LoginForm>();
  const [busy, setBusy] = useState(false);

  const submit = async (values: LoginForm) => {
    setBusy(true);
    try {
      const result = await callApi(authCalls.login, values, { silent: true });
      writeStored(STORAGE_KEYS.lastClinic, values.clinicName.trim());
      queryClient.clear();
      setSession({
        token: result.token,
        expiredTokenDate: result.expiredTokenDate,
        user: result.objectData,
        branchId: result.objectData.branchId,
      });
      navigate(landingPath(result.objectData, params.get('redirect')), { replace: true });
    } catch (error) {
      handleFormError(form, error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <AuthHeading title={t('login.title')} subtitle={t('login.subtitle')} />
      <Form<LoginForm>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        initialValues={{ clinicName: readStored<string>(STORAGE_KEYS.lastClinic) ?? '' }}
        disabled={busy}
      >
        <Form.Item name="clinicName" label={t('fields.clinicName')} {...zodField(loginInput.shape.clinicName)}>
          <Input
            prefix={<HomeOutlined />}
            autoComplete="organization"
            autoCapitalize="none"
            spellCheck={false}
            size="large"
          />
        </Form.Item>
        <Form.Item name="Email" label={t('fields.login')} {...zodField(loginInput.shape.Email)}>
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
        <Form.Item name="Password" label={t('fields.password')} {...zodField(loginInput.shape.Password)}>
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" size="large" />
        </Form.Item>
        <Flex justify="end" style={{ marginTop: -8, marginBottom: 16 }}>
          <Link to="/user/forgetpassword/forgetpassword">{t('login.forgot')}</Link>
        </Flex>
        <Button type="primary" htmlType="submit" size="large" block loading={busy}>
          {t('login.submit')}
        </Button>
      </Form>
      <Flex justify="center" style={{ marginTop: 16 }}>
        <Link to="/user/ResetPasswordByAdmin">{t('login.haveCode')}</Link>
      </Flex>
    </>
  );
}
