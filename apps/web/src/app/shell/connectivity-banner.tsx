import { LIMITS } from '@dental/contract';
import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Status = 'online' | 'offline' | 'back';

/**
 * Offline banner while the browser is offline; a back-online banner for 2 s when it returns. Plain elements drawn
 * like antd's banner Alert, in the first load: it must show when no file can be fetched any more.
 */
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
  const offline = status === 'offline';
  return (
    <div role="status" className={`shell-banner plain-banner plain-banner-${offline ? 'error' : 'success'}`}>
      {offline ? <CloseCircleFilled aria-hidden className="plain-banner-icon" /> : <CheckCircleFilled aria-hidden className="plain-banner-icon" />}
      <span>{offline ? t('connectivity.offline') : t('connectivity.backOnline')}</span>
    </div>
  );
}
