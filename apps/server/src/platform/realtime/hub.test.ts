import { describe, expect, it } from 'vitest';
import type { Database } from '../db/database.js';
import { HUB_CHANNEL, createHub } from './hub.js';

/** A database whose LISTEN the test drives: it hands out envelopes and resumptions. */
function fakeDatabase() {
  const channel: { onPayload?: (p: string) => void; onResume?: () => void; name?: string } = {};
  const database = {
    listen: async (name: string, onPayload: (p: string) => void, onResume?: () => void) => {
      Object.assign(channel, { name, onPayload, onResume });
      return async () => undefined;
    },
  } as unknown as Database;
  return { database, channel };
}

describe('createHub', () => {
  it('tells its resume listeners when its LISTEN connection is back, and passes envelopes on', async () => {
    const { database, channel } = fakeDatabase();
    const hub = createHub(database);
    const envelopes: unknown[] = [];
    let resumed = 0;
    hub.onEnvelope((e) => envelopes.push(e));
    const off = hub.onResume(() => resumed++);
    await hub.start();
    expect(channel.name).toBe(HUB_CHANNEL);

    channel.onPayload!(JSON.stringify({ to: { clinicId: 1 }, event: { type: 'RefreshTodayAppointments' } }));
    channel.onPayload!('not json');
    expect(envelopes).toEqual([{ to: { clinicId: 1 }, event: { type: 'RefreshTodayAppointments' } }]);

    channel.onResume!();
    expect(resumed).toBe(1);
    off();
    channel.onResume!();
    expect(resumed).toBe(1);
  });
});
