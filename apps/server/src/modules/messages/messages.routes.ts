import { messagesCalls } from '@dental/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../platform/calls.js';
import { notifyMessagesDue } from '../../platform/realtime/hub-events.js';
import { MESSAGE_JOBS } from './message-jobs.js';
import {
  dueMessages, getPatientMessaging, messageContent, popupMessageContent, saveMessages, sendSmsManual, setPatientMessaging,
} from './messages.service.js';
import { listOutbox, retryOutboxMessage } from './outbox.service.js';
import { getMessageType, listMessageTypes, saveMessageType, updateDefaultLang } from './templates.service.js';

export function registerMessagesRoutes(app: FastifyInstance) {
  const c = messagesCalls;
  /** The public links a message may carry: the booking page, a checked-out visit's feedback form (signed token). */
  const url = () => ({ publicUrl: app.deps.config.PUBLIC_URL, tokenSecret: app.deps.config.TOKEN_SECRET });
  /** Asks the sender job to run now (after the request's commit it finds the row; else the next minute's run). */
  const sendSoon = () => {
    void app.deps.jobs?.trigger(MESSAGE_JOBS.send).catch((err: unknown) => app.log.warn({ err }, 'could not trigger the outbox sender'));
  };
  registerCall(app, c.getMessageTypes, async ({ tx, session }) => ({ items: await listMessageTypes(tx, session.clinicId) }));
  registerCall(app, c.getMessageType, ({ tx, session }, input) => getMessageType(tx, session.clinicId, input.type));
  registerCall(app, c.saveMessageType, ({ tx, session }, input) => saveMessageType(tx, session, input));
  registerCall(app, c.updateDefaultLang, ({ tx, session }, input) => updateDefaultLang(tx, session, input));
  registerCall(app, c.getMessageTypeContent, ({ tx, session }, input) => messageContent(tx, session, input, url()));
  // a messaged popup item is no longer due: every screen of the clinic drops it at the commit
  registerCall(app, c.getMessageContent, async ({ tx, session, deps }, input) => {
    const out = await popupMessageContent(tx, session, input, url());
    await notifyMessagesDue(deps.hub, session.clinicId, tx);
    if (input.type === 'sms') sendSoon();
    return out;
  });
  registerCall(app, c.saveMessages, async ({ tx, session, deps }, input) => {
    const out = await saveMessages(tx, session, input, url());
    await notifyMessagesDue(deps.hub, session.clinicId, tx);
    return out;
  });
  registerCall(app, c.getDueMessages, ({ tx, session }, input) => dueMessages(tx, session, input));
  registerCall(app, c.getOutbox, ({ tx, session }, input) => listOutbox(tx, session, input));
  registerCall(app, c.retryOutboxMessage, async ({ tx, session }, input) => {
    const out = await retryOutboxMessage(tx, session, input.id);
    sendSoon();
    return out;
  });
  registerCall(app, c.getPatientMessaging, ({ tx, session }, input) => getPatientMessaging(tx, session, input.patientId));
  registerCall(app, c.setPatientMessaging, ({ tx, session }, input) => setPatientMessaging(tx, session, input));
  registerCall(app, c.sendSmsManual, async ({ tx, session }, input) => {
    const out = await sendSmsManual(tx, session, input, url());
    sendSoon();
    return out;
  });
}
