import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** A missing or malformed id (another clinic's company reads as not found too). */
export function CompanyNotFound() {
  const { t } = useTranslation('insurance');
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={t('notFound.title')}
      subTitle={t('notFound.subtitle')}
      extra={
        <Button type="primary" onClick={() => navigate('/InsuranceCompaniesList')}>
          {t('notFound.back')}
        </Button>
      }
    />
  );
}
