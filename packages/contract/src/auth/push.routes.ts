import { z } from 'zod';
import { defineCall } from '../common/call.js';

/** Browser push (spec §1 push messages): the key a browser subscribes with. */
export const pushCalls = {
  getPushKey: defineCall({
    controller: 'Auth', action: 'GetPushKey', method: 'GET', access: { permissions: [], tier: 'ST0' },
    input: z.object({}), output: z.object({ publicKey: z.string().nullable() }),
    summary: "The server's public VAPID key browsers subscribe to push with (null when push is off)",
  }),
};
