import type { HubEvent } from '@dental/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import type { Queryable } from '../db/types.js';

export type { HubEvent, PushController, PushPayload } from '@dental/contract';

/** Where an event goes: every connection of a clinic, of one branch of it, or of one user. */
export type Audience = { clinicId: number; branchId?: number; userId?: number };

export interface Envelope {
  to: Audience;
  event: HubEvent;
}

export interface PublishOptions {
  /**
   * The transaction of the change that caused the event. The NOTIFY is then part of it: PostgreSQL delivers it
   * only when the transaction commits (so clients never refetch before the change is visible) and drops it on
   * rollback. On the embedded database this is also the only way to publish from inside a transaction without
   * waiting for that transaction to end.
   */
  tx?: Queryable;
}

export interface Hub {
  /** Sends an event to every server process (through NOTIFY), which delivers it to its matching sockets. */
  publish(to: Audience, event: HubEvent, options?: PublishOptions): Promise<void>;
  /** Called by the WebSocket endpoint of this process for each envelope that arrives. */
  onEnvelope(listener: (e: Envelope) => void): () => void;
  /** Called when this process may have missed envelopes (its LISTEN connection was lost and is back). */
  onResume(listener: () => void): () => void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export const HUB_CHANNEL = 'dentix_hub';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
export const HUB_MAX_PAYLOAD_BYTES = 7999;

const isEnvelope = (v: unknown): v is Envelope =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as Envelope).to?.clinicId === 'number' &&
  typeof (v as Envelope).event?.type === 'string';

/** Fan-out through PostgreSQL LISTEN/NOTIFY; on the embedded database that is in-process. */
export function createHub(database: Database): Hub {
  const listeners = new Set<(e: Envelope) => void>();
  const resumeListeners = new Set<() => void>();
  let unlisten: (() => Promise<void>) | undefined;
  const deliver = (raw: string) => {
    let envelope: unknown;
    try {
      envelope = JSON.parse(raw);
    } catch {
      return;
    }
    if (!isEnvelope(envelope)) return;
    for (const listener of listeners) {
      try {
        listener(envelope);
      } catch (err) {
        console.warn('[hub] listener failed', err);
      }
    }
  };
  return {
    async publish(to, event, options = {}) {
      const payload = JSON.stringify({ to, event } satisfies Envelope);
      if (Buffer.byteLength(payload) > HUB_MAX_PAYLOAD_BYTES) {
        throw new Error(
          `hub event ${event.type} is ${Buffer.byteLength(payload)} bytes; NOTIFY allows ${HUB_MAX_PAYLOAD_BYTES}`,
        );
      }
      if (options.tx) await options.tx.execute(sql`select pg_notify(${HUB_CHANNEL}, ${payload})`);
      else await database.notify(HUB_CHANNEL, payload);
    },
    onEnvelope(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onResume(listener) {
      resumeListeners.add(listener);
      return () => resumeListeners.delete(listener);
    },
    async start() {
      unlisten ??= await database.listen(HUB_CHANNEL, deliver, () => resumeListeners.forEach((l) => l()));
    },
    async stop() {
      await unlisten?.();
      unlisten = undefined;
    },
  };
}
