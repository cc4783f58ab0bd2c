import { DEFAULT_MESSAGE_TEXTS, MESSAGE_TYPES } from '@dental/contract';
import { withTenant } from '../../platform/db/tenancy.js';
import type { Db } from '../../platform/db/types.js';
import { messageTypes } from './messages.table.js';

/**
 * Demo message types: the five built-in templates (ar, en, fr) saved, with tomorrow's reminders at 18:00 and the
 * hour-before reminder on, birthday wishes at 10:00; booking confirmations (off: the demo's appointments are all
 * booked at seeding), missed and payment due by hand.
 */
export async function seedDemoMessageTypes(db: Db, clinicId: number) {
  const settings = {
    MT1: { autoSend: false, sendHour: 10, hourBefore: false },
    MT2: { autoSend: true, sendHour: 18, hourBefore: true },
    MT3: { autoSend: true, sendHour: 10, hourBefore: false },
    MT4: { autoSend: false, sendHour: 10, hourBefore: false },
    MT5: { autoSend: false, sendHour: 10, hourBefore: false },
  } as const;
  await withTenant(db, clinicId, (tx) =>
    tx.insert(messageTypes).values(
      MESSAGE_TYPES.map((type) => ({ clinicId, type, texts: DEFAULT_MESSAGE_TEXTS[type], defaultLang: 'ar', ...settings[type] })),
    ),
  );
}
