import { Outlet } from 'react-router';
import { ConnectivityBanner } from '../shell/connectivity-banner';
import { LoadingOverlay } from '../shell/loading-overlay';
import { UpdateBanner } from '../shell/update-banner';

/** Around every layout: update and connectivity banners, the navigation loading overlay. */
export function RootShell() {
  return (
    <>
      <div className="shell-banners">
        <UpdateBanner />
        <ConnectivityBanner />
      </div>
      <LoadingOverlay />
      <Outlet />
    </>
  );
}
