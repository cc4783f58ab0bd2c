import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { currentLanguage, loadLanguage } from 'lib/i18n';
import { queryClient } from './query-client';

/**
 * Offline safety of a split first load (issue 18). The first load carries only what the first screen needs; the rest
 * (strings of other screens, the error and locked views, the message popups) are chunks fetched later. Three things
 * keep the signed-in app usable when the network goes:
 * - the service worker precaches every file of the build and controls the page from its first install
 *   (vite.config.ts: clientsClaim), so once it is ready every chunk loads offline;
 * - until then, `warmUpForOffline` fetches, once the page has shown, what the signed-in shell may need without a
 *   click: the shown language's strings of every screen, the error view, the locked-feature view, the popup stack;
 * - an optional part of the shell (`lazyWhenOnline`) whose file still cannot be fetched waits for the connection
 *   instead of failing the page.
 */

export const isOffline = (): boolean => typeof navigator !== 'undefined' && navigator.onLine === false;

/** Resolves when the browser says it is online again. */
export const backOnline = (): Promise<void> =>
  new Promise((resolve) => {
    if (!isOffline()) return resolve();
    window.addEventListener('online', () => resolve(), { once: true });
  });

/**
 * Imports a chunk; when that fails while the browser is offline, tries again once the connection returns (as often as
 * needed). A failure while online is passed on (a new version replaced the files: the error view offers a reload).
 */
export async function importWhenOnline<T>(load: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      return await load();
    } catch (error) {
      if (!isOffline()) throw error;
      await backOnline();
    }
  }
}

/** React.lazy for an optional part of the shell: offline it stays away (its Suspense fallback) until it can load. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as React.lazy's own signature
export const lazyWhenOnline = <T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
): LazyExoticComponent<T> => lazy(() => importWhenOnline(load));

/** The chunks a signed-in screen may ask for without a click (registered by the modules that lazy-load them). */
const shellChunks = new Set<() => Promise<unknown>>();
export function preloadWithShell<T>(load: () => Promise<T>): () => Promise<T> {
  shellChunks.add(load);
  return load;
}

let warming: Promise<void> | null = null;

const whenIdle = (): Promise<void> =>
  new Promise((resolve) => {
    if (typeof window.requestIdleCallback === 'function')
      window.requestIdleCallback(() => resolve(), { timeout: 5000 });
    else window.setTimeout(resolve, 1);
  });

/** How long the network must have been quiet (no file or call finished) before the page counts as shown. */
const QUIET_MS = 1000;
let lastNetwork = 0;
if (typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('resource')) {
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) lastNetwork = Math.max(lastNetwork, entry.startTime + entry.duration);
  }).observe({ type: 'resource', buffered: true });
}

/**
 * The page has shown: no query of the page is in flight, nothing came from the network for QUIET_MS (its lazy parts
 * and data have come and been drawn) and the browser is idle, so the warm-up never competes with what the page itself
 * still needs.
 */
async function pageShown(): Promise<void> {
  for (;;) {
    await whenIdle();
    if (queryClient.isFetching() > 0) {
      await new Promise<void>((resolve) => {
        const stop = queryClient.getQueryCache().subscribe(() => {
          if (queryClient.isFetching() > 0) return;
          stop();
          resolve();
        });
      });
      continue;
    }
    const quietFor = performance.now() - lastNetwork;
    if (quietFor >= QUIET_MS) return;
    await new Promise((resolve) => window.setTimeout(resolve, QUIET_MS - quietFor));
  }
}

/**
 * Once per page load, after the page has shown (pageShown; not part of the first load: bench/bundle.ts counts what is
 * fetched before the page shows): every string of the shown language and the shell's lazy chunks. What failed because
 * the network went meanwhile is fetched again when the connection returns; a failure while online is left (the error
 * view offers a reload). Resolves when done, and marks <html data-offline-ready>.
 */
export function warmUpForOffline(): Promise<void> {
  if (warming) return warming;
  const fetchAll = async (): Promise<void> => {
    const loads = [() => loadLanguage(currentLanguage()), ...shellChunks];
    let failedOffline = false;
    await Promise.allSettled(
      loads.map((load) =>
        load().catch(() => {
          failedOffline ||= isOffline();
        }),
      ),
    );
    if (failedOffline) {
      await backOnline();
      return fetchAll();
    }
  };
  warming = pageShown()
    .then(fetchAll)
    .then(() => {
      document.documentElement.dataset.offlineReady = 'true';
    });
  return warming;
}

/** Tests only: the next warmUpForOffline runs again. */
export function forgetWarmUp(): void {
  warming = null;
}
