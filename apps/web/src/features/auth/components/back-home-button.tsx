import { HomeOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

export function BackHomeButton() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  return (
    <Button type="primary" icon={<HomeOutlined />} onClick={() => navigate('/')}>
      {t('backHome')}
    </Button>
  );
}
