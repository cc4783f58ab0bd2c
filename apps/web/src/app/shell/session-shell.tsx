import type { ActiveUser } from '@dental/contract';
import { LiveConnection } from 'app/shell/live-connection';
import { lazy, Suspense, useEffect } from 'react';
import { refreshCurrentUser } from '../route-guard';
import { SearchPalette } from './search-palette';
import { TimeZoneGuard } from './timezone-guard';
import { useIdleLogout } from './use-idle-logout';
import { useShortcuts } from './use-shortcuts';

/** What runs while a user is logged in, in every logged-in layout: shortcuts, idle logout, palette, live events. */
let refreshedThisLoad = false;
/** The message popup stack (issue 17), its own chunk: most sessions never show a popup. */
const MessagePopupStack = lazy(() => import('../../features/messages/components/message-popup-stack'));

export function SessionShell({ user }: { user: ActiveUser }) {
  useShortcuts();
  useIdleLogout();
  // Permissions, tier and settings may have changed since the session was stored: refresh once per page load.
  useEffect(() => {
    if (refreshedThisLoad) return;
    refreshedThisLoad = true;
    void refreshCurrentUser().catch(() => undefined);
  }, []);
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
