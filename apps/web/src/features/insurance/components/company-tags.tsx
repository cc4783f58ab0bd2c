import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** The clinic's default company. */
export function DefaultTag() {
  const { t } = useTranslation('insurance');
  return <Tag color="blue">{t('companies.default')}</Tag>;
}

/** Active / inactive state of a company. */
export function ActiveTag({ active }: { active: boolean }) {
  const { t } = useTranslation('insurance');
  return active ? <Tag color="green">{t('status.active')}</Tag> : <Tag>{t('status.inactive')}</Tag>;
}

/** Whether procedures of the company's patients need an approval first. */
export function ApprovalTag({ required }: { required: boolean }) {
  const { t } = useTranslation('insurance');
  return required ? <Tag color="orange">{t('status.approval')}</Tag> : <Tag>{t('status.noApproval')}</Tag>;
}
