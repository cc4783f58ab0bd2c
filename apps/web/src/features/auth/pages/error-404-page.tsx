import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { BackHomeButton } from '../components/back-home-button';

/** Unknown paths land here (spec §2). */
export default function Error404Page() {
  const { t } = useTranslation('auth');
  return <Result status="404" title="404" subTitle={t('notFound.text')} extra={<BackHomeButton />} />;
}
