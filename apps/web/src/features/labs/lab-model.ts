import {
  LAB_READY_STATUSES,
  LAB_USER_TRANSITIONS,
  type LabOrderStatus,
  type LabUserAction,
  type PatientProcedureItem,
  type ToothNumbering,
  toothCode,
} from '@dental/contract';
import { currentLanguage } from '../../lib/i18n';
import { procedureName } from '../patient-procedures/procedure-model';

/**
 * What a lab's own user may do with an order (docs/labs.md): the moves of LAB_USER_TRANSITIONS from its status, and
 * "ready" while it is in preparation (LAB_READY_STATUSES) and not marked ready yet. The server checks the same.
 */
export function labUserActions(order: { status: LabOrderStatus; readyAt: string | null }): LabUserAction[] {
  const moves = (LAB_USER_TRANSITIONS[order.status] ?? []) as LabUserAction[];
  const ready: LabUserAction[] = LAB_READY_STATUSES.includes(order.status) && !order.readyAt ? ['ready'] : [];
  return [...moves, ...ready];
}

/** A procedure in the order form's picker: its name in the UI language and its teeth ("Zirconia crown · 16"). */
export function procedureOptionLabel(
  p: Pick<PatientProcedureItem, 'procedureNameAr' | 'procedureNameEn' | 'procedureNameFr' | 'teeth'>,
  numbering: ToothNumbering,
): string {
  const teeth = p.teeth.map((x) => toothCode(x.tooth, numbering)).join(', ');
  return teeth ? `${procedureName(p, currentLanguage())} · ${teeth}` : procedureName(p, currentLanguage());
}

/**
 * A file name's own direction (by its first letter), so an ellipsis cuts its end: a Latin name in the Arabic page
 * keeps its start ("upper-impressi…", not "…ong-name.png"), an Arabic name in the English page too.
 */
export const nameDirection = (name: string): 'rtl' | 'ltr' => (/^[^\p{L}]*[\u0590-\u08ff]/u.test(name) ? 'rtl' : 'ltr');
