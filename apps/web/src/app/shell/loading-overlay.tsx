import { LIMITS } from '@dental/contract';
import { Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';

/** Centered spinner for the first load of the app. */
export function FullScreenSpinner() {
  return (
    <div className="fullscreen-center">
      <Spin size="large" />
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
      <Spin size="large" delay={150} />
    </div>
  );
}
