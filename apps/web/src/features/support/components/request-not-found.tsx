import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** A missing id, or a request the user may not see (another clinic's support request reads as not found). */
export function RequestNotFound() {
  const { t } = useTranslation('support');
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={t('notFound.title')}
      subTitle={t('notFound.subtitle')}
      extra={
        <Button type="primary" onClick={() => navigate('/FeaturesAndRequests')}>
          {t('backToList')}
        </Button>
      }
    />
  );
}
