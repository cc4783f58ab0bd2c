import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LOGIN_PATH } from 'lib/navigation';

export function BackToLogin({ primary = false }: { primary?: boolean }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  return (
    <Button type={primary ? 'primary' : 'link'} block={primary} onClick={() => navigate(LOGIN_PATH)}>
      {t('backToLogin')}
    </Button>
  );
}
