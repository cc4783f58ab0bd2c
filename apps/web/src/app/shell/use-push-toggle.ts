import { pushCalls } from '@dental/contract';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { disablePush, enablePush, currentSubscription, pushSupported } from 'lib/push';
import { useCall } from 'lib/query';
import { notify } from 'lib/toast';

/** State and toggle of push notifications on this device, for the user menu. Unavailable: the item is hidden. */
export function usePushToggle() {
  const { t } = useTranslation();
  const supported = pushSupported();
  const key = useCall(pushCalls.getPushKey, {}, { enabled: supported, staleTime: Infinity, silent: true, retry: false });
  const publicKey = key.data?.publicKey ?? null;
  const [subscribed, setSubscribed] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!supported) return;
    let live = true;
    currentSubscription()
      .then((s) => live && setSubscribed(!!s))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [supported]);

  const toggle = useCallback(async () => {
    if (!publicKey || busy) return;
    setBusy(true);
    try {
      if (subscribed) {
        await disablePush();
        setSubscribed(false);
        notify.success(t('user.pushDisabled'));
      } else {
        const result = await enablePush(publicKey);
        if (result === 'enabled') {
          setSubscribed(true);
          notify.success(t('user.pushEnabled'));
        } else notify.warning(t('user.pushDenied'));
      }
    } catch {
      notify.error(t('user.pushFailed'));
      setSubscribed(!!(await currentSubscription().catch(() => null)));
    } finally {
      setBusy(false);
    }
  }, [publicKey, busy, subscribed, t]);

  return { available: supported && !!publicKey, subscribed, busy, toggle };
}
