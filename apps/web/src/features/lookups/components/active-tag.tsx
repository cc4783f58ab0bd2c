import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Active / inactive state of a lookup row. */
export function ActiveTag({ active }: { active: boolean }) {
  const { t } = useTranslation('lookups');
  return active ? <Tag color="green">{t('active')}</Tag> : <Tag>{t('inactive')}</Tag>;
}
