/**
 * The messages module (issue 17, docs/messaging.md): message templates MT1-MT5, their content for an appointment or
 * a patient, the popup stack, the outbox and its SMS providers, and the jobs that queue and send messages
 * (registered with platform/jobs when this file loads). Other modules use only what this file exports.
 */
import { demoSeeders } from '../../db/demo-data.js';
import { seedDemoMessageTypes } from './messages.seed.js';

export { messageOutbox, messageTypes } from './messages.table.js';
export { registerMessagesRoutes } from './messages.routes.js';
export { MESSAGE_JOBS, enqueueDueMessages } from './message-jobs.js';
export { sendOutbox } from './outbox.service.js';
export { smsProvider } from './sms-providers.js';

demoSeeders.push((db, clinicId) => seedDemoMessageTypes(db, clinicId));
