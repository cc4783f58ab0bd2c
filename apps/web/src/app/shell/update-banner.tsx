import { LIMITS } from '@dental/contract';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ShellAlert, ShellSpin } from './shell-antd-lazy';

type UpdateState = 'none' | 'downloading' | 'ready';

/**
 * Service-worker updates (spec §1): checked every hour; a progress banner while a new version downloads;
 * a ready banner, then the page reloads on the new version after 3 s.
 */
export function UpdateBanner() {
  const { t } = useTranslation();
  const [state, setState] = useState<UpdateState>('none');

  useEffect(() => {
    if (import.meta.env.DEV || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
    let interval: number | undefined;
    let reloadTimer: number | undefined;
    let cancelled = false;

    void import('virtual:pwa-register').then(({ registerSW }) => {
      if (cancelled) return;
      const updateSW = registerSW({
        immediate: true,
        onRegisteredSW(_url, registration) {
          if (!registration) return;
          interval = window.setInterval(() => {
            if (!registration.installing && navigator.onLine) void registration.update().catch(() => undefined);
          }, LIMITS.swUpdateCheckMs);
          registration.addEventListener('updatefound', () => {
            // The first install (no controller yet) is not an update.
            if (navigator.serviceWorker.controller) setState('downloading');
          });
        },
        onNeedRefresh() {
          setState('ready');
          reloadTimer = window.setTimeout(() => void updateSW(true), LIMITS.updateReloadDelayMs);
        },
      });
    });
    return () => {
      cancelled = true;
      window.clearInterval(interval);
      window.clearTimeout(reloadTimer);
    };
  }, []);

  if (state === 'none') return null;
  return (
    <Suspense fallback={null}>
      <ShellAlert
        banner
        role="status"
        type={state === 'ready' ? 'success' : 'info'}
        icon={state === 'downloading' ? <ShellSpin size="small" /> : undefined}
        showIcon
        title={state === 'ready' ? t('update.ready') : t('update.downloading')}
        className="shell-banner"
      />
    </Suspense>
  );
}
