import type { ActiveUser } from '@dental/contract';
import { LiveConnection } from 'app/shell/live-connection';
import { useEffect } from 'react';
import { refreshCurrentUser } from '../route-guard';
import { SearchPalette } from './search-palette';
import { TimeZoneGuard } from './timezone-guard';
import { useIdleLogout } from './use-idle-logout';
import { useShortcuts } from './use-shortcuts';

/** What runs while a user is logged in, in every logged-in layout: shortcuts, idle logout, palette, live events. */
let refreshedThisLoad = false;

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
    </>
  );
}
