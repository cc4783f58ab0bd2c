import type { ActiveUser } from '@dental/contract';
import { LiveConnection } from 'app/shell/live-connection';
import { Suspense, useEffect } from 'react';
import { importWhenOnline, lazyWhenOnline, warmUpForOffline } from '../offline-ready';
import { refreshCurrentUser } from '../route-guard';
import { SearchPalette } from './search-palette';
import { TimeZoneGuard } from './timezone-guard';
import { useIdleLogout } from './use-idle-logout';
import { useShortcuts } from './use-shortcuts';

/** What runs while a user is logged in, in every logged-in layout: shortcuts, idle logout, palette, live events. */
let refreshedThisLoad = false;
/**
 * The message popup stack (issue 17), its own chunk: most sessions never show a popup. Fetched after the page has
 * shown when the user sees popups; offline before that it waits for the connection instead of failing the page.
 */
const loadPopupStack = () => import('../../features/messages/components/message-popup-stack');
const MessagePopupStack = lazyWhenOnline(loadPopupStack);

export function SessionShell({ user }: { user: ActiveUser }) {
  useShortcuts();
  useIdleLogout();
  // Permissions, tier and settings may have changed since the session was stored: refresh once per page load.
  useEffect(() => {
    if (refreshedThisLoad) return;
    refreshedThisLoad = true;
    void refreshCurrentUser().catch(() => undefined);
  }, []);
  // what this signed-in page may need later without a click, fetched while the network is there (offline-ready.ts)
  const popups = user.showMessagePopup;
  useEffect(() => {
    void warmUpForOffline().then(() => (popups ? importWhenOnline(loadPopupStack) : undefined)).catch(() => undefined);
  }, [popups]);
  return (
    <>
      <SearchPalette user={user} />
      <TimeZoneGuard user={user} />
      <LiveConnection />
      {user.showMessagePopup && (
        <Suspense fallback={null}>
          <MessagePopupStack />
        </Suspense>
      )}
    </>
  );
}
