import { pushCalls } from '@dental/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../calls.js';

export function registerPushRoutes(app: FastifyInstance) {
  const { config } = app.deps;
  registerCall(app, pushCalls.getPushKey, async () => ({ publicKey: config.VAPID_PUBLIC_KEY ?? null }));
}
