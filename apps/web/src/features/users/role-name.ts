import { BUILT_IN_ROLE_NAMES, type ClinicRoleCode, LAB_ROLE_NAMES } from '@dental/contract';
import { i18n } from '../../lib/i18n';
import { localName } from '../../lib/local-name';

/**
 * A role's name in the UI language: Arabic and English as stored; in French the role's own French name, else (a
 * role without one, as stored before migration 0029) a built-in role (one of the seven default roles, or the lab
 * role) whose English name the clinic has not changed reads its translated name from roles:code, and any other role
 * its English name.
 */
export function localRoleName(r: { nameAr: string; nameEn: string; nameFr?: string | null; baseRole: ClinicRoleCode }): string {
  if (i18n.language === 'fr' && !r.nameFr) {
    if (BUILT_IN_ROLE_NAMES[r.baseRole]?.en === r.nameEn) return i18n.t(`roles:code.${r.baseRole}`);
    if (r.nameEn === LAB_ROLE_NAMES.en) return i18n.t('roles:code.LAB');
  }
  return localName(r);
}

/** A user's role name in the UI language (localRoleName of the user's role). */
export const roleName = (u: {
  roleNameAr: string;
  roleNameEn: string;
  roleNameFr?: string | null;
  baseRole: ClinicRoleCode;
}): string => localRoleName({ nameAr: u.roleNameAr, nameEn: u.roleNameEn, nameFr: u.roleNameFr, baseRole: u.baseRole });
