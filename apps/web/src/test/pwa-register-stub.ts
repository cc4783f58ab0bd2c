import type { RegisterSWOptions } from 'vite-plugin-pwa/types';

/** Tests run without the PWA plugin: registering a service worker does nothing. */
export function registerSW(_options: RegisterSWOptions = {}) {
  return async (_reload?: boolean) => undefined;
}
