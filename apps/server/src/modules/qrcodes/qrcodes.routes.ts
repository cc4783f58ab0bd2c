import { qrCodeCalls } from '@dental/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall, registerPublicCall } from '../../platform/calls.js';
import { deleteQrCode, getQrCodes, saveQrCode, scanQrCode } from './qrcodes.service.js';

/** An address may scan codes this many times a minute (then 429): enough for a queue at one reception's network. */
export const PUBLIC_QR_SCANS_PER_MINUTE = 30;

export function registerQrCodesRoutes(app: FastifyInstance) {
  const c = qrCodeCalls;
  registerCall(app, c.getQrCodes, ({ tx, session }, input) => getQrCodes(tx, session, input));
  registerCall(app, c.saveQrCode, ({ tx, session, deps }, input) => saveQrCode(tx, session, deps.config.TOKEN_SECRET, input));
  registerCall(app, c.deleteQrCode, ({ tx, session }, input) => deleteQrCode(tx, session, input.id));
  registerPublicCall(
    app,
    c.scanQrCode,
    ({ db, deps }, input) => scanQrCode(db, deps.config.TOKEN_SECRET, deps.config.PUBLIC_URL, deps.hub, input),
    { perMinute: PUBLIC_QR_SCANS_PER_MINUTE },
  );
}
