import { Suspense } from 'react';
import { Outlet, useMatches } from 'react-router';
import { AntdApp } from '../antd-scope';
import { ConnectivityBanner } from '../shell/connectivity-banner';
import { FullScreenSpinner, LoadingOverlay } from '../shell/loading-overlay';
import { UpdateBanner } from '../shell/update-banner';

/** A route's handle: `plain` pages are made without antd and show without its providers (issue 18). */
export interface RouteHandle {
  plain?: boolean;
}

const isPlain = (handle: unknown) => !!(handle as RouteHandle | undefined)?.plain;

/** Around every layout: update and connectivity banners, the navigation loading overlay, antd's providers. */
export function RootShell() {
  const matches = useMatches();
  const plain = isPlain(matches.at(-1)?.handle);
  return (
    <>
      <div className="shell-banners">
        <UpdateBanner />
        <ConnectivityBanner />
      </div>
      <LoadingOverlay />
      {plain ? (
        <Outlet />
      ) : (
        <Suspense fallback={<FullScreenSpinner />}>
          <AntdApp>
            <Outlet />
          </AntdApp>
        </Suspense>
      )}
    </>
  );
}
