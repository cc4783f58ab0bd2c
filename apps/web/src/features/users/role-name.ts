import { BUILT_IN_ROLE_NAMES, type ClinicRoleCode } from '@dental/contract';
import { i18n } from '../../lib/i18n';
import { localName } from '../../lib/local-name';

/**
 * A user's role name in the UI language. In French a built-in role whose name the clinic has not changed reads the
 * roles' French name for its code; a renamed or custom role shows its own name (French has none: the English one).
 */
export function roleName(u: { roleNameAr: string; roleNameEn: string; baseRole: ClinicRoleCode }): string {
  if (i18n.language === 'fr' && BUILT_IN_ROLE_NAMES[u.baseRole].en === u.roleNameEn) return i18n.t(`roles:code.${u.baseRole}`);
  return localName({ nameAr: u.roleNameAr, nameEn: u.roleNameEn });
}
