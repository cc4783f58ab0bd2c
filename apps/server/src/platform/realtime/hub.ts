import type { Database } from '../db/database.js';

/** Where an event goes: every connection of a clinic, of one branch of it, or of one user. */
export type Audience = { clinicId: number; branchId?: number; userId?: number };

/** Spec §1/§3 events: refresh today's appointments, call user, and push payloads with a controller. */
export type HubEvent =
  | { type: 'RefreshTodayAppointments' }
  | { type: 'CallUser'; fromUserId: number; fromName: string; message?: string }
  | {
      type: 'Push';
      payload: {
        controller: 'Logout' | 'Reset' | 'SecretariatNotification' | 'GoTo';
        routeName?: string;
        userId?: number;
        key?: string;
        type?: string;
        msg?: string;
        bodyId?: number;
      };
    };

export interface Envelope {
  to: Audience;
  event: HubEvent;
}

export interface Hub {
  /** Sends an event to every server process (through NOTIFY), which delivers it to its matching sockets. */
  publish(to: Audience, event: HubEvent): Promise<void>;
  /** Called by the WebSocket endpoint of this process for each envelope that arrives. */
  onEnvelope(listener: (e: Envelope) => void): () => void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export const HUB_CHANNEL = 'dentix_hub';

/** Fan-out through PostgreSQL LISTEN/NOTIFY; on the embedded database that is in-process. */
export function createHub(database: Database): Hub {
  const listeners = new Set<(e: Envelope) => void>();
  let unlisten: (() => Promise<void>) | undefined;
  const deliver = (raw: string) => {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(raw) as Envelope;
    } catch {
      return;
    }
    listeners.forEach((l) => l(envelope));
  };
  return {
    async publish(to, event) {
      await database.notify(HUB_CHANNEL, JSON.stringify({ to, event } satisfies Envelope));
    },
    onEnvelope(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async start() {
      unlisten ??= await database.listen(HUB_CHANNEL, deliver);
    },
    async stop() {
      await unlisten?.();
      unlisten = undefined;
    },
  };
}
