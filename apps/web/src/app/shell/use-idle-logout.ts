import { LIMITS } from '@dental/contract';
import { useEffect } from 'react';
import { IDLE_LOGOUT_PATH } from 'lib/navigation';
import { STORAGE_KEYS, readStored, writeStored } from 'lib/storage';
import { logout } from '../session-actions';

const ACTIVITY = ['mousemove', 'mousedown', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

/**
 * Ends the session after LIMITS.idleTimeMs without any input (spec §9), showing the session-expired page.
 * The last input time is shared between tabs, so working in one tab keeps the others logged in.
 */
export function useIdleLogout(idleMs: number = LIMITS.idleTimeMs) {
  useEffect(() => {
    let last = Date.now();
    writeStored(STORAGE_KEYS.lastActivity, last);
    let timer = window.setTimeout(check, idleMs);

    function check() {
      const shared = Math.max(last, readStored<number>(STORAGE_KEYS.lastActivity) ?? 0);
      const remaining = shared + idleMs - Date.now();
      if (remaining > 0) timer = window.setTimeout(check, remaining);
      else void logout(IDLE_LOGOUT_PATH);
    }
    const onActivity = () => {
      const now = Date.now();
      if (now - last < 1000) return; // mousemove fires constantly: note it at most once a second
      last = now;
      writeStored(STORAGE_KEYS.lastActivity, now);
    };
    ACTIVITY.forEach((e) => window.addEventListener(e, onActivity, { passive: true, capture: true }));
    return () => {
      window.clearTimeout(timer);
      ACTIVITY.forEach((e) => window.removeEventListener(e, onActivity, { capture: true }));
    };
  }, [idleMs]);
}
