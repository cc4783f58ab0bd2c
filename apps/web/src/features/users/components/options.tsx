import { type Language, type RoleItem, systemLookupItems } from '@dental/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { localRoleName } from '../role-name';

/** Countries of the system list, named in the UI language. */
export function useCountryOptions() {
  const { i18n } = useTranslation();
  const lang = i18n.language as Language;
  return systemLookupItems('Country').map((c) => ({
    value: c.code,
    label: lang === 'ar' ? c.nameAr : lang === 'fr' ? c.nameFr : c.nameEn,
  }));
}

/** The role picker's options; the owner role is offered only to an owner (the server refuses it to others). */
export const roleOptions = (roles: readonly RoleItem[] | undefined, callerIsOwner: boolean) =>
  (roles ?? []).map((r) => ({ value: r.id, label: localRoleName(r), disabled: r.baseRole === 'RL1' && !callerIsOwner }));

/** Active / inactive state of a user. */
export function StatusTag({ active }: { active: boolean }) {
  const { t } = useTranslation('users');
  return active ? <Tag color="green">{t('status.active')}</Tag> : <Tag>{t('status.inactive')}</Tag>;
}
