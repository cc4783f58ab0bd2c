import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import webpush, { type PushSubscription } from 'web-push';
import { pushSubscriptions } from '../auth/identity.table.js';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import { withTenant } from '../db/tenancy.js';
import type { PushPayload } from '../realtime/hub.js';

/** What a browser push carries: the spec's push payload plus the text the notification shows. */
export type WebPushMessage = PushPayload & { title: string; body?: string };

export interface PushDeps {
  config: Pick<Config, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT'>;
  database: Pick<Database, 'db'>;
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

/** Push services answer 404 or 410 for a subscription that no longer exists: it is forgotten. */
const GONE = new Set([404, 410]);

const parseSubscription = (token: string): PushSubscription | null => {
  try {
    const value = JSON.parse(token) as PushSubscription;
    return typeof value?.endpoint === 'string' && value.keys?.p256dh && value.keys.auth ? value : null;
  } catch {
    return null;
  }
};

/**
 * Sends a push to every browser the user subscribed (the subscriptions PostFCMToken stored). Never throws:
 * failures are logged, and subscriptions the push service no longer knows are removed. Resolves to the number
 * of pushes delivered. Does nothing when push is off (no VAPID keys).
 */
export async function sendPush(deps: PushDeps, clinicId: number, userId: number, message: WebPushMessage): Promise<number> {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey, VAPID_SUBJECT: subject } = deps.config;
  if (!publicKey || !privateKey) return 0;
  const log = deps.log ?? console;
  try {
    const rows = await withTenant(deps.database.db, clinicId, (tx) =>
      tx
        .select({ id: pushSubscriptions.id, token: pushSubscriptions.token })
        .from(pushSubscriptions)
        .where(and(eq(pushSubscriptions.clinicId, clinicId), eq(pushSubscriptions.userId, userId))),
    );
    const body = JSON.stringify(message);
    const options = { vapidDetails: { subject, publicKey, privateKey }, TTL: 60 * 60 };
    const gone: number[] = [];
    let sent = 0;
    await Promise.all(
      rows.map(async (row) => {
        const subscription = parseSubscription(row.token);
        if (!subscription) return; // a token of another kind (e.g. an old mobile token): not a web push target
        try {
          await webpush.sendNotification(subscription, body, options);
          sent += 1;
        } catch (err) {
          const status = (err as { statusCode?: number }).statusCode;
          if (status && GONE.has(status)) gone.push(row.id);
          else log.warn({ err, clinicId, userId, status }, 'push could not be sent');
        }
      }),
    );
    if (gone.length) {
      await withTenant(deps.database.db, clinicId, async (tx) => {
        for (const id of gone) {
          await tx.delete(pushSubscriptions).where(and(eq(pushSubscriptions.clinicId, clinicId), eq(pushSubscriptions.id, id)));
        }
      });
    }
    return sent;
  } catch (err) {
    log.error({ err, clinicId, userId }, 'push failed');
    return 0;
  }
}
