import { supportCalls } from '@dental/contract';
import type { FastifyInstance } from 'fastify';
import type { ClinicSession } from '../../platform/auth/session.js';
import { registerCall, registerProviderCall } from '../../platform/calls.js';
import type { Deps } from '../../platform/deps.js';
import { saveContact } from './contact.service.js';
import {
  type Viewer,
  addComment,
  deleteComment,
  getRequest,
  listRequests,
  saveRequest,
  toggleVote,
  updateStatus,
} from './support.service.js';

const clinicViewer = (s: ClinicSession): Extract<Viewer, { kind: 'clinic' }> => ({
  kind: 'clinic',
  clinicId: s.clinicId,
  userId: s.userId,
  name: s.user.displayName || s.user.fullName,
});
const providerViewer = (adminId: number): Viewer => ({ kind: 'provider', adminId });

/**
 * Mails the provider in the background: the handler still runs inside the request's transaction, and the
 * outbox insert must not wait on it (on the embedded database it would wait for the transaction to end).
 */
function mailProvider(deps: Deps, mail: { subject: string; body: string }, log: FastifyInstance['log']) {
  deps.mailer
    .send({ to: deps.config.MAIL_FROM, ...mail })
    .catch((err: unknown) => log.error({ err }, 'contact mail failed'));
}

export function registerSupportRoutes(app: FastifyInstance) {
  const c = supportCalls;
  registerCall(app, c.getRequests, ({ tx, session }, input) => listRequests(tx, clinicViewer(session), input));
  registerCall(app, c.getRequest, ({ tx, session }, input) => getRequest(tx, clinicViewer(session), input.id));
  registerCall(app, c.saveRequest, ({ tx, session }, input) => saveRequest(tx, clinicViewer(session), input));
  registerCall(app, c.voteForRequest, ({ tx, session }, input) => toggleVote(tx, clinicViewer(session), input.id));
  registerCall(app, c.requestComment, ({ tx, session }, input) =>
    addComment(tx, clinicViewer(session), input.requestId, input.body),
  );
  registerCall(app, c.deleteComment, ({ tx, session }, input) => deleteComment(tx, clinicViewer(session), input.id));
  registerCall(app, c.saveContact, async ({ tx, session, deps, req }, input) => {
    const { id, mail } = await saveContact(tx, session, input);
    mailProvider(deps, mail, req.log);
    return { id };
  });

  registerProviderCall(app, c.updateRequestStatus, ({ db }, input) => updateStatus(db, input.id, input.status));
  registerProviderCall(app, c.adminGetRequests, ({ db, adminId }, input) =>
    listRequests(db, providerViewer(adminId), input),
  );
  registerProviderCall(app, c.adminGetRequest, ({ db, adminId }, input) =>
    getRequest(db, providerViewer(adminId), input.id),
  );
  registerProviderCall(app, c.adminRequestComment, ({ db, adminId }, input) =>
    addComment(db, providerViewer(adminId), input.requestId, input.body),
  );
  registerProviderCall(app, c.adminDeleteComment, ({ db, adminId }, input) =>
    deleteComment(db, providerViewer(adminId), input.id),
  );
}
