import { LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { authCalls } from '@dental/contract';
import { Button, Form, Input, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { logout } from 'app/session-actions';
import { UserAvatar } from 'app/shell/user-avatar';
import { ApiError, callApi } from 'lib/api';
import { handleFormError } from 'lib/form';
import { getSession, setSession, useSession } from 'lib/session';
import { AuthHeading } from '../components/auth-heading';

interface UnlockForm {
  Password: string;
}

/** Lock screen (Ctrl+L): the password unlocks by logging in again; Escape goes back (spec §1). */
export default function LockScreenPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSession();
  const [form] = Form.useForm<UnlockForm>();
  const [busy, setBusy] = useState(false);

  const goBack = () => (location.key === 'default' ? navigate('/', { replace: true }) : navigate(-1));

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') goBack();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  if (!session) return null;
  const { user } = session;

  const unlock = async ({ Password }: UnlockForm) => {
    setBusy(true);
    try {
      const result = await callApi(
        authCalls.login,
        { clinicName: user.clinicName, Email: user.emailAddress || user.mobile || '', Password },
        { silent: true },
      );
      const current = getSession();
      setSession({
        token: result.token,
        expiredTokenDate: result.expiredTokenDate,
        user: result.objectData,
        branchId: current?.branchId ?? result.objectData.branchId,
      });
      goBack();
    } catch (error) {
      if (error instanceof ApiError && (error.status === 400 || error.status === 429)) {
        form.setFields([{ name: 'Password', value: '', errors: [error.message] }]);
      } else handleFormError(form, error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="lock-screen">
      <UserAvatar user={user} size={72} />
      <AuthHeading title={user.fullName || user.displayName} subtitle={user.clinicDisplayName || user.clinicName} />
      <Typography.Paragraph type="secondary">
        <LockOutlined /> {t('lock.text')}
      </Typography.Paragraph>
      <Form<UnlockForm>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={unlock}
        disabled={busy}
        style={{ width: '100%' }}
      >
        <Form.Item
          name="Password"
          label={t('fields.password')}
          rules={[{ required: true, message: t('field_required', { ns: 'errors' }) }]}
        >
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" size="large" autoFocus />
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" block icon={<UnlockOutlined />} loading={busy}>
          {t('lock.unlock')}
        </Button>
      </Form>
      <Typography.Text type="secondary" style={{ marginTop: 8 }}>
        {t('lock.escapeHint')}
      </Typography.Text>
      <Button type="link" onClick={() => void logout()}>
        {t('lock.otherUser')}
      </Button>
    </div>
  );
}
