import { BUILT_IN_ROLE_NAMES, type ClinicRoleCode, LAB_ROLE_NAMES } from '@dental/contract';
import { i18n } from '../../lib/i18n';
import { localName } from '../../lib/local-name';

/**
 * A role's name in the UI language. Roles have an Arabic and an English name only: in French a built-in role (one of
 * the seven default roles, or the lab role) whose English name the clinic has not changed reads its French name from
 * roles:code; a renamed or custom role shows its own name (French has none: the English one).
 */
export function localRoleName(r: { nameAr: string; nameEn: string; baseRole: ClinicRoleCode }): string {
  if (i18n.language === 'fr') {
    if (BUILT_IN_ROLE_NAMES[r.baseRole]?.en === r.nameEn) return i18n.t(`roles:code.${r.baseRole}`);
    if (r.nameEn === LAB_ROLE_NAMES.en) return i18n.t('roles:code.LAB');
  }
  return localName(r);
}

/** A user's role name in the UI language (localRoleName of the user's role). */
export const roleName = (u: { roleNameAr: string; roleNameEn: string; baseRole: ClinicRoleCode }): string =>
  localRoleName({ nameAr: u.roleNameAr, nameEn: u.roleNameEn, baseRole: u.baseRole });
