import {
  DEFAULT_MESSAGE_TEXTS,
  DEFAULT_SEND_HOUR,
  LANGUAGES,
  MESSAGE_CHANNELS,
  MESSAGE_TYPES,
  MESSAGE_TYPE_INFO,
  type Language,
  type MessageType,
  type MessageTypeItem,
  type saveMessageTypeInput,
  unknownPlaceholders,
  type updateDefaultLangInput,
} from '@dental/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ClinicSession } from '../../platform/auth/session.js';
import type { Tx } from '../../platform/db/types.js';
import { AppError } from '../../platform/errors.js';
import { messageTypes } from './messages.table.js';

type Row = typeof messageTypes.$inferSelect;

/** A type's item: the saved row, or the built-in template. */
function itemOf(type: MessageType, row: Row | undefined): MessageTypeItem {
  const info = MESSAGE_TYPE_INFO[type];
  if (!row)
    return {
      type, texts: structuredClone(DEFAULT_MESSAGE_TEXTS[type]), defaultLang: 'ar', autoSend: false, sendHour: DEFAULT_SEND_HOUR,
      hourBefore: false, builtIn: true, updatedAt: null,
    };
  return {
    type,
    texts: row.texts,
    defaultLang: row.defaultLang as Language,
    autoSend: info.autoSend && row.autoSend,
    sendHour: row.sendHour,
    hourBefore: info.hourBefore && row.hourBefore,
    builtIn: false,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The five types of a clinic (saved or built-in), in MT order. */
export async function listMessageTypes(tx: Tx, clinicId: number): Promise<MessageTypeItem[]> {
  const rows = await tx.select().from(messageTypes).where(eq(messageTypes.clinicId, clinicId));
  return MESSAGE_TYPES.map((type) => itemOf(type, rows.find((r) => r.type === type)));
}

export async function getMessageType(tx: Tx, clinicId: number, type: MessageType): Promise<MessageTypeItem> {
  const [row] = await tx.select().from(messageTypes).where(and(eq(messageTypes.clinicId, clinicId), eq(messageTypes.type, type)));
  return itemOf(type, row);
}

/**
 * Saves a type. Every `{word}` of every text must be one of the type's placeholders (400 message_placeholder_unknown,
 * the fields and `data.placeholders` naming them); the default language's SMS and WhatsApp texts are required;
 * a setting that does not apply to the type (auto-send of MT5, hour-before outside MT2) is stored off.
 */
export async function saveMessageType(tx: Tx, session: ClinicSession, input: z.output<typeof saveMessageTypeInput>) {
  const fields: Record<string, 'message_placeholder_unknown' | 'message_default_text_required'> = {};
  const unknown = new Set<string>();
  const texts = { sms: { ar: '', en: '', fr: '' }, whatsapp: { ar: '', en: '', fr: '' } };
  for (const channel of MESSAGE_CHANNELS)
    for (const lang of LANGUAGES) {
      const text = input.texts[channel][lang].trim();
      texts[channel][lang] = text;
      const found = unknownPlaceholders(input.type, text);
      if (found.length) {
        fields[`texts.${channel}.${lang}`] = 'message_placeholder_unknown';
        found.forEach((p) => unknown.add(`{${p}}`));
      }
    }
  if (unknown.size) throw new AppError('message_placeholder_unknown', fields, { placeholders: [...unknown].join(', ') });
  for (const channel of MESSAGE_CHANNELS)
    if (!texts[channel][input.defaultLang]) fields[`texts.${channel}.${input.defaultLang}`] = 'message_default_text_required';
  if (Object.keys(fields).length) throw new AppError('message_default_text_required', fields);
  const info = MESSAGE_TYPE_INFO[input.type];
  const values = {
    texts,
    defaultLang: input.defaultLang,
    autoSend: info.autoSend && input.autoSend,
    sendHour: input.sendHour,
    hourBefore: info.hourBefore && input.hourBefore,
    updatedBy: session.userId,
    updatedAt: new Date(),
  };
  await tx
    .insert(messageTypes)
    .values({ clinicId: session.clinicId, type: input.type, ...values })
    .onConflictDoUpdate({ target: [messageTypes.clinicId, messageTypes.type], set: values });
  return { ok: true as const };
}

/** The default language of one type, or of all five; a type without a row gets one with the built-in texts. */
export async function updateDefaultLang(tx: Tx, session: ClinicSession, input: z.output<typeof updateDefaultLangInput>) {
  const types = input.type ? [input.type] : [...MESSAGE_TYPES];
  const rows = await tx.select().from(messageTypes).where(eq(messageTypes.clinicId, session.clinicId)).for('update');
  for (const type of types) {
    const row = rows.find((r) => r.type === type);
    // a saved type without a text in that language cannot default to it
    if (row && MESSAGE_CHANNELS.some((channel) => !row.texts[channel][input.defaultLang]))
      throw new AppError('message_default_text_required', { defaultLang: 'message_default_text_required' });
    await tx
      .insert(messageTypes)
      .values({
        clinicId: session.clinicId, type, texts: DEFAULT_MESSAGE_TEXTS[type], defaultLang: input.defaultLang,
        sendHour: DEFAULT_SEND_HOUR, updatedBy: session.userId,
      })
      .onConflictDoUpdate({
        target: [messageTypes.clinicId, messageTypes.type],
        set: { defaultLang: input.defaultLang, updatedBy: session.userId, updatedAt: sql`now()` },
      });
  }
  return { ok: true as const };
}
