import type { PageLoader } from '../registry';

/** Message templates and the outbox (issue 17); the popup stack is mounted by the shell (components/message-popup-stack). */
export const pages: Record<string, PageLoader> = {
  '/Messages': () => import('./pages/messages-page'),
  '/AddEditMessageType/:ID?': () => import('./pages/edit-message-type-page'),
  '/MessagesOutbox': () => import('./pages/outbox-page'),
};
