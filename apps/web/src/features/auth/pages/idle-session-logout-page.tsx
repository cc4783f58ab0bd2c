import { ClockCircleOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LOGIN_PATH } from 'lib/navigation';
import { clearSession, getSession } from 'lib/session';

/** Shown when a session ended by itself (idle time or an expired token). */
export default function IdleSessionLogoutPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  useEffect(() => {
    if (getSession()) clearSession();
  }, []);
  return (
    <Result
      icon={<ClockCircleOutlined />}
      title={t('idle.title')}
      subTitle={t('session_expired', { ns: 'errors' })}
      extra={
        <Button type="primary" size="large" onClick={() => navigate(LOGIN_PATH, { replace: true })}>
          {t('idle.loginAgain')}
        </Button>
      }
    />
  );
}
