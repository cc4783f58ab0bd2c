import type { ClinicRoleCode } from '@dental/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** "Default" for the seven built-in roles. */
export function DefaultTag() {
  const { t } = useTranslation('roles');
  return (
    <Tag color="blue" bordered={false}>
      {t('default')}
    </Tag>
  );
}

/** The default role a role acts as, by its translated name. */
export function BaseRoleTag({ code }: { code: ClinicRoleCode }) {
  const { t } = useTranslation('roles');
  return <Tag bordered={false}>{t(`code.${code}`)}</Tag>;
}
