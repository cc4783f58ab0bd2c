import { type PermissionKey, messagesCalls } from '@dental/contract';

type Access = (typeof messagesCalls)[keyof typeof messagesCalls]['access'];
const keysOf = (access: Access): readonly PermissionKey[] => ('permissions' in access ? access.permissions : []);

/** Who may fill and open a message (WhatsApp) and see the popup stack, and who may send an SMS now: the calls' own keys. */
export const MESSAGING_KEYS = keysOf(messagesCalls.getMessageTypeContent.access);
export const SMS_KEYS = keysOf(messagesCalls.sendSmsManual.access);
export const DUE_KEYS = keysOf(messagesCalls.getDueMessages.access);
