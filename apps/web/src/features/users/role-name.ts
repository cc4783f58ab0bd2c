import type { ClinicRoleCode } from '@dental/contract';
import { i18n } from '../../lib/i18n';
import { localName } from '../../lib/local-name';

/**
 * The English names every clinic's built-in roles start with (platform/tenants/provision.ts). Roles are stored in
 * Arabic and English only; a French screen showed them in English ("Employee (operator)", issue 18).
 */
const BUILT_IN_EN: Record<ClinicRoleCode, string> = {
  RL1: 'Owner',
  RL2: 'Branch manager',
  RL3: 'Employee (operator)',
  RL4: 'Secretary',
  RL5: 'Assistant',
  RL6: 'Accountant',
  RL7: 'Administrative',
};

/**
 * A user's role name in the UI language. In French a built-in role whose name the clinic has not changed reads the
 * roles' French name for its code; a renamed or custom role shows its own name (French has none: the English one).
 */
export function roleName(u: { roleNameAr: string; roleNameEn: string; baseRole: ClinicRoleCode }): string {
  if (i18n.language === 'fr' && BUILT_IN_EN[u.baseRole] === u.roleNameEn) return i18n.t(`roles:code.${u.baseRole}`);
  return localName({ nameAr: u.roleNameAr, nameEn: u.roleNameEn });
}
