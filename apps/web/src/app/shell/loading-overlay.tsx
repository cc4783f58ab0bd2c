import { LIMITS } from '@dental/contract';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';
import { ShellSpin } from './shell-antd-lazy';

/** Centered spinner for the first load of the app: antd's large Spin drawn in CSS (styles.css), no antd needed. */
export function FullScreenSpinner() {
  return (
    <div className="fullscreen-center">
      <span className="plain-spin" aria-busy="true" role="status">
        <i />
        <i />
        <i />
        <i />
      </span>
    </div>
  );
}

/** Shown while a navigation loads its page; hidden 200 ms after it settles (spec §2). */
export function LoadingOverlay() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (busy) {
      setVisible(true);
      return;
    }
    const timer = window.setTimeout(() => setVisible(false), LIMITS.loadingOverlayHideMs);
    return () => window.clearTimeout(timer);
  }, [busy]);
  if (!visible) return null;
  return (
    <div
      className={busy ? 'loading-overlay' : 'loading-overlay leaving'}
      aria-busy="true"
      role="progressbar"
      aria-label={t('update.pageLoading')}
    >
      <div className="loading-bar" />
      <Suspense fallback={null}>
        <ShellSpin size="large" delay={150} />
      </Suspense>
    </div>
  );
}
