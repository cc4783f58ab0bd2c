import type { CallDescriptor } from '../common/call.js';
import { LAB_ORDER_STATUSES } from '../enums.js';

/*
 * Lab order statuses (spec §4) and who may move an order where (docs/labs.md "Transitions").
 * LOS1 new → LOS2 sent to the lab, in preparation → LOS7 received at the clinic → LOS3 used for the patient;
 * LOS7 → LOS4 returned to the lab for a change → LOS5 being re-prepared → LOS7 again;
 * LOS6 cancelled from LOS1, LOS2, LOS4 or LOS5. LOS3 and LOS6 are final.
 */
export type LabOrderStatus = (typeof LAB_ORDER_STATUSES)[number];

/** The one transition table: the clinic's staff (Lab/UpdateLabOrderStatus) may make every move listed here. */
export const LAB_ORDER_TRANSITIONS: Readonly<Record<LabOrderStatus, readonly LabOrderStatus[]>> = {
  LOS1: ['LOS2', 'LOS6'],
  LOS2: ['LOS7', 'LOS6'],
  LOS7: ['LOS3', 'LOS4'],
  LOS4: ['LOS5', 'LOS6'],
  LOS5: ['LOS7', 'LOS6'],
  LOS3: [],
  LOS6: [],
};

/**
 * The subset a lab's own user may make (Lab/UpdateMyLabOrderStatus): take a new order into preparation
 * (LOS1 → LOS2) and take a returned one back into preparation (LOS4 → LOS5). Receiving (→ LOS7), using (→ LOS3),
 * returning (→ LOS4) and cancelling (→ LOS6) are the clinic's. A lab says its work is done with the "ready" mark
 * (LAB_READY_STATUSES), which keeps the status: the clinic then receives the order (→ LOS7).
 */
export const LAB_USER_TRANSITIONS: Readonly<Partial<Record<LabOrderStatus, readonly LabOrderStatus[]>>> = {
  LOS1: ['LOS2'],
  LOS4: ['LOS5'],
};

/** Statuses in which the lab may mark its work ready (at most once per preparation; moving to LOS4 clears it). */
export const LAB_READY_STATUSES: readonly LabOrderStatus[] = ['LOS2', 'LOS5'];

/** What a lab user asks for: a status of LAB_USER_TRANSITIONS, or 'ready'. */
export const LAB_USER_ACTIONS = ['LOS2', 'LOS5', 'ready'] as const;
export type LabUserAction = (typeof LAB_USER_ACTIONS)[number];

/** An order may be edited (SaveLabOrder) and deleted (DeleteLabOrder) only while new; later it is cancelled. */
export const LAB_ORDER_EDITABLE_STATUSES: readonly LabOrderStatus[] = ['LOS1'];

/** Statuses that end the wait for the lab: such an order is never overdue. */
export const LAB_ORDER_CLOSED_STATUSES: readonly LabOrderStatus[] = ['LOS7', 'LOS3', 'LOS6'];

/** Orders that take no new attachment: used for the patient (LOS3) or cancelled (LOS6); their files stay. */
export const LAB_ORDER_ATTACHMENTS_CLOSED: readonly LabOrderStatus[] = ['LOS3', 'LOS6'];
export const labOrderTakesAttachments = (status: LabOrderStatus): boolean => !LAB_ORDER_ATTACHMENTS_CLOSED.includes(status);

export const allowedLabOrderStatuses = (status: LabOrderStatus): readonly LabOrderStatus[] =>
  LAB_ORDER_TRANSITIONS[status] ?? [];
export const canMoveLabOrder = (from: LabOrderStatus, to: LabOrderStatus): boolean =>
  allowedLabOrderStatuses(from).includes(to);
export const labUserMayMove = (from: LabOrderStatus, to: LabOrderStatus): boolean =>
  (LAB_USER_TRANSITIONS[from] ?? []).includes(to);

/**
 * Status names, for messages the server writes (the forbidden-transition refusal names both statuses); the web
 * app's own labels live in its translations.
 */
export const LAB_ORDER_STATUS_NAMES: Readonly<Record<LabOrderStatus, { ar: string; en: string; fr: string }>> = {
  LOS1: { ar: 'جديد', en: 'New', fr: 'Nouvelle' },
  LOS2: { ar: 'أُرسل إلى المعمل وقيد التحضير', en: 'Sent to lab, in preparation', fr: 'Envoyée au laboratoire, en préparation' },
  LOS3: { ar: 'استُخدم للمريض', en: 'Used for patient', fr: 'Utilisée pour le patient' },
  LOS4: { ar: 'أُعيد إلى المعمل للتعديل', en: 'Returned to lab for change', fr: 'Renvoyée au laboratoire pour modification' },
  LOS5: { ar: 'قيد إعادة التحضير', en: 'Being re-prepared', fr: 'En cours de refabrication' },
  LOS6: { ar: 'ملغى', en: 'Cancelled', fr: 'Annulée' },
  LOS7: { ar: 'استُلم في العيادة', en: 'Received at clinic', fr: 'Reçue au cabinet' },
};

/** VITA classical shade guide (A1-D4), the shade list of a lab order. */
export const VITA_SHADES = [
  'A1', 'A2', 'A3', 'A3.5', 'A4', 'B1', 'B2', 'B3', 'B4', 'C1', 'C2', 'C3', 'C4', 'D2', 'D3', 'D4',
] as const;
export type VitaShade = (typeof VITA_SHADES)[number];

/**
 * The built-in role of a lab's staff (roles.code 'LAB', acting as base role RL5 for the route rules): its only keys
 * are LAB_USER_KEYS, and a user of it reaches only the calls that name one of them, plus LAB_USER_OPEN_CALLS.
 */
export const LAB_ROLE_CODE = 'LAB' as const;
export const LAB_ROLE_BASE = 'RL5' as const;
/** The lab role's name as made (the web shows roles:code.LAB in French while the role has no French name). */
export const LAB_ROLE_NAMES = { ar: 'مستخدم معمل', en: 'Lab user', fr: 'Utilisateur de laboratoire' } as const;
export const LAB_USER_KEYS = ['lab_own_orders_list', 'lab_own_order_status_update'] as const;
/**
 * Calls open to "any logged-in user" that a lab user still needs (their own session, profile and password); every
 * other call that does not name a LAB_USER_KEYS key answers a lab user 403 BS11.
 */
export const LAB_USER_OPEN_CALLS: readonly string[] = [
  'Auth/RefreshCurrentUser',
  'Auth/GetClinicBranches',
  'Auth/GetPushKey',
  'User/GetUser',
  'User/UploadImage',
  'User/ChangePassword',
  'User/PostFCMToken',
  'Auth/PostFCMToken',
  'User/DeleteFCMToken',
  'User/UpdateUserLanguage',
  'User/UpdateUserTheme',
  // the profile page's third preference: lab orders name teeth, in the user's FDI or Palmer numbering
  'User/UpdateUserToothNumbering',
  // the header's bell (issue 17): a lab user's own notification centre
  'Notification/GetNotifications',
  'Notification/UpdateNotificationStatus',
  'Notification/DeleteNotification',
];

/** Whether a user of the lab role may make this call: it names a LAB_USER_KEYS key, or is one of LAB_USER_OPEN_CALLS. */
export function labUserMayCall(d: Pick<CallDescriptor, 'controller' | 'action' | 'access'>): boolean {
  const keys: readonly string[] = 'permissions' in d.access ? d.access.permissions : [];
  return keys.some((k) => (LAB_USER_KEYS as readonly string[]).includes(k)) || LAB_USER_OPEN_CALLS.includes(`${d.controller}/${d.action}`);
}
