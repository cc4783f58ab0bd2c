import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { BackHomeButton } from '../components/back-home-button';

/** A page the user's permissions or role do not allow. */
export default function NotAuthorizedPage() {
  const { t } = useTranslation('auth');
  return (
    <Result status="403" title="403" subTitle={t('not_authorized_page', { ns: 'errors' })} extra={<BackHomeButton />} />
  );
}
