import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { IDLE_LOGOUT_PATH } from 'lib/navigation';
import { logout } from '../session-actions';
import { type HubEvent, type HubStatus, connectHub, playBell, resyncAfterDrop } from 'lib/realtime';
import { useSession } from 'lib/session';

/** Spec §7: the notification list is refetched 1 second after each push. */
const NOTIFICATIONS_REFETCH_MS = 1000;
/** Spec §9: a success message stays 5 seconds. */
const CALL_MESSAGE_S = 5;

/**
 * The live connection (spec §1, §4): open while a user is logged in, reopened when the branch (or the user, or
 * the token) changes, closed on logout. Renders nothing.
 */
export function LiveConnection() {
  const session = useSession();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { t } = useTranslation('live');

  // The latest handlers, so that a re-render (language change, new message instance) does not reconnect.
  const handlers = useRef<{
    refreshToday: () => void;
    onEvent: (e: HubEvent) => void;
    onStatus: (s: HubStatus) => void;
  }>(null);
  handlers.current = {
    refreshToday() {
      void queryClient.invalidateQueries({ queryKey: ['Cleander'] });
      void queryClient.invalidateQueries({ queryKey: ['Dashboard'] });
    },
    onEvent(event) {
      switch (event.type) {
        case 'RefreshTodayAppointments':
          handlers.current?.refreshToday();
          return;
        case 'Notification':
          // sent at the commit of the notification's transaction: the bell refetches now (docs/notifications.md)
          void queryClient.invalidateQueries({ queryKey: ['Notification'] });
          return;
        case 'MessagesDue':
          // a send hour came, or an item was messaged: the message popup stack asks again (docs/messaging.md)
          void queryClient.invalidateQueries({ queryKey: ['Message', 'GetDueMessages'] });
          return;
        case 'CallUser':
          void message.success(
            event.message
              ? t('callUserMessage', { name: event.fromName, message: event.message })
              : t('callUser', { name: event.fromName }),
            CALL_MESSAGE_S,
          );
          playBell();
          return;
        case 'Push': {
          const p = event.payload;
          setTimeout(
            () => void queryClient.invalidateQueries({ queryKey: ['Notification'] }),
            NOTIFICATIONS_REFETCH_MS,
          );
          switch (p?.controller) {
            case 'Logout':
              void logout();
              return;
            case 'Reset':
              window.location.reload();
              return;
            case 'SecretariatNotification':
              playBell();
              if (p.msg) void message.info(p.msg);
              return;
            case 'GoTo':
              if (p.routeName) void navigate(`/${p.routeName.replace(/^\/+/, '')}`);
              return;
            default:
              return;
          }
        }
        default:
          return;
      }
    },
    onStatus(status) {
      if (status === 'unauthorized') void logout(IDLE_LOGOUT_PATH);
    },
  };

  const token = session?.token;
  const clinicId = session?.user.clinicId;
  const userId = session?.user.userId;
  const branchId = session?.branchId ?? null;

  useEffect(() => {
    if (!token || clinicId == null || userId == null) return;
    // back after a drop: what the events sent meanwhile would have refreshed is read again
    const resync = resyncAfterDrop(() => handlers.current?.refreshToday());
    const connection = connectHub({
      clinicId,
      branchId,
      token,
      userId,
      onEvent: (e) => handlers.current?.onEvent(e),
      onStatus: (s) => {
        resync(s);
        handlers.current?.onStatus(s);
      },
    });
    return () => connection.close();
  }, [token, clinicId, userId, branchId]);

  return null;
}
