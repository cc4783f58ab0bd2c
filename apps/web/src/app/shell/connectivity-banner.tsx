import { LIMITS } from '@dental/contract';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ShellAlert } from './shell-antd-lazy';

type Status = 'online' | 'offline' | 'back';

/** Offline banner while the browser is offline; a back-online banner for 2 s when it returns. */
export function ConnectivityBanner() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<Status>(() =>
    typeof navigator !== 'undefined' && navigator.onLine === false ? 'offline' : 'online',
  );
  useEffect(() => {
    let timer: number | undefined;
    const offline = () => {
      window.clearTimeout(timer);
      setStatus('offline');
    };
    const online = () => {
      setStatus('back');
      window.clearTimeout(timer);
      timer = window.setTimeout(() => setStatus('online'), LIMITS.onlineBannerMs);
    };
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  }, []);
  if (status === 'online') return null;
  return (
    <Suspense fallback={null}>
      <ShellAlert
        banner
        role="status"
        type={status === 'offline' ? 'error' : 'success'}
        title={status === 'offline' ? t('connectivity.offline') : t('connectivity.backOnline')}
        showIcon
        className="shell-banner"
      />
    </Suspense>
  );
}
