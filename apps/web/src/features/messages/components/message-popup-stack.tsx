import { CalendarOutlined, CheckOutlined, CloseOutlined, GiftOutlined, MessageOutlined, MinusOutlined, WhatsAppOutlined } from '@ant-design/icons';
import { type DueMessageItem, type MessageChannel, messagesCalls } from '@dental/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Card, Flex, Tooltip, Typography } from 'antd';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../lib/api';
import { clinicToday, formatClinicDateTime } from '../../../lib/clinic-time';
import { lazyWhenOnline, preloadWithShell } from '../../../app/offline-ready';
import { useCan } from '../../../lib/permissions';
import { useCall } from '../../../lib/query';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { DUE_KEYS } from '../access';
import { useCountdown } from '../countdown';
import { closedToday, pendingPopups, popupKey, rememberClosed, rememberSeen, seenToday } from '../pending-popups';
import { openChat } from '../whatsapp';
import '../messages.css';

// libphonenumber's metadata (33 KB) stays out of the signed-in first load: fetched when a popup shows a mobile, or by
// the offline warm-up after the page has shown (issue 18)
const loadMobileText = preloadWithShell(() => import('../../patients/mobile'));
const MobileText = lazyWhenOnline(() => loadMobileText().then((m) => ({ default: m.MobileText })));

/**
 * How often the stack asks which messages are due, as a fallback: the live connection's 'MessagesDue' event (sent
 * when a send hour comes and when an item is messaged) makes it ask at once.
 */
const POLL_MS = 15 * 60_000;
/** Popups on screen at once; the next ones come as these close. */
const MAX_SHOWN = 4;

interface PopupProps {
  item: DueMessageItem;
  timeZone: string;
  smsBlocked: string | null;
  onClose: () => void;
}

/** One due message: who and when, SMS and WhatsApp, and the countdown that closes it unless it is touched. */
function MessagePopup({ item, timeZone, smsBlocked, onClose }: PopupProps) {
  const { t } = useTranslation('messages');
  const { t: te } = useTranslation('errors');
  const { t: tc } = useTranslation();
  const queryClient = useQueryClient();
  const countdown = useCountdown(item.timeout, onClose);
  const [busy, setBusy] = useState<MessageChannel | 'done' | null>(null);
  const noMobile = item.mobile ? null : te('message_mobile_invalid');
  const birthday = item.groupName === 'birthday';
  const title = t(birthday ? 'popup.birthday' : 'popup.appointment');

  const send = async (channel: MessageChannel) => {
    countdown.stop();
    setBusy(channel);
    try {
      const input = { groupName: item.groupName, subGroupName: item.subGroupName, id: item.id, type: channel };
      if (channel === 'whatsapp') {
        await openChat(async () => (await callApi(messagesCalls.getMessageContent, input)).link);
      } else {
        await callApi(messagesCalls.getMessageContent, input);
        notify.success(t('send.smsQueued'));
      }
      void queryClient.invalidateQueries({ queryKey: [messagesCalls.getOutbox.controller] });
      onClose();
    } catch {
      // the api client has shown the server's message; the popup stays
    } finally {
      setBusy(null);
    }
  };

  /** Messaged outside the app: Lookups/SaveMessages records it as sent by hand, so it is no longer offered. */
  const markDone = async () => {
    countdown.stop();
    setBusy('done');
    try {
      await callApi(messagesCalls.saveMessages, { items: [{ groupName: item.groupName, subGroupName: item.subGroupName, id: item.id, type: 'sms' }] });
      void queryClient.invalidateQueries({ queryKey: [messagesCalls.getOutbox.controller] });
      onClose();
    } catch {
      // the api client has shown the server's message; the popup stays
    } finally {
      setBusy(null);
    }
  };

  const sendButton = (channel: MessageChannel, reason: string | null) => {
    const button = (
      <Button
        size="small"
        type={channel === 'whatsapp' ? 'primary' : 'default'}
        icon={channel === 'whatsapp' ? <WhatsAppOutlined /> : <MessageOutlined />}
        loading={busy === channel}
        disabled={!!reason || (!!busy && busy !== channel)}
        onClick={() => void send(channel)}
      >
        {t(`channel.${channel}`)}
      </Button>
    );
    return reason ? (
      <Tooltip title={reason}>
        <span>{button}</span>
      </Tooltip>
    ) : (
      button
    );
  };

  return (
    <Card
      size="small"
      className="message-popup"
      data-testid="message-popup"
      data-group={item.groupName}
      data-id={item.id}
      role="group"
      aria-label={`${title}: ${item.patientName}`}
      onPointerDownCapture={countdown.stop}
      onFocusCapture={countdown.stop}
    >
      <Flex justify="space-between" align="start" gap={8}>
        <Flex gap={8} align="start" style={{ minWidth: 0 }}>
          <span className="message-popup-icon" aria-hidden>
            {birthday ? <GiftOutlined /> : <CalendarOutlined />}
          </span>
          <Flex vertical gap={2} style={{ minWidth: 0 }}>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {title}
            </Typography.Text>
            <Typography.Text strong ellipsis>
              <bdi>{item.patientName}</bdi>
            </Typography.Text>
            {item.startsAt && (
              <Typography.Text style={{ fontSize: 13 }}>
                <bdi>{formatClinicDateTime(item.startsAt, timeZone)}</bdi>
                {item.doctorName && (
                  <>
                    {' · '}
                    <bdi>{item.doctorName}</bdi>
                  </>
                )}
              </Typography.Text>
            )}
            {item.mobile && (
              <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                <Suspense fallback={<bdi dir="ltr">{item.mobile}</bdi>}>
                  <MobileText value={item.mobile} />
                </Suspense>
              </Typography.Text>
            )}
          </Flex>
        </Flex>
        <Button size="small" type="text" icon={<CloseOutlined />} aria-label={tc('actions.close')} title={tc('actions.close')} onClick={onClose} />
      </Flex>
      <Flex justify="space-between" align="center" gap={8} wrap style={{ marginBlockStart: 8 }}>
        <Flex gap={6} wrap>
          {sendButton('whatsapp', noMobile)}
          {sendButton('sms', noMobile ?? smsBlocked)}
          <Tooltip title={t('popup.doneHint')}>
            <Button size="small" type="text" icon={<CheckOutlined />} loading={busy === 'done'} disabled={!!busy && busy !== 'done'} onClick={() => void markDone()}>
              {t('popup.done')}
            </Button>
          </Tooltip>
        </Flex>
        {countdown.left !== null && !countdown.stopped && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="message-popup-countdown">
            {t('popup.closesIn', { seconds: countdown.left })}
          </Typography.Text>
        )}
      </Flex>
    </Card>
  );
}

/**
 * The popup stack (spec §1, §4): while the clinic shows message popups, the due messages of the user's branch
 * (tomorrow's appointments, today's birthdays: Message/GetDueMessages) each get a popup at the reading end of the
 * bottom of the screen, with SMS and WhatsApp; each closes after its countdown (25 s by default, never with a null
 * timeout) unless touched. Closed popups stay closed on this device for the day.
 *
 * It must not sit over the page's own buttons: the stack opens by itself only when a message is due that this device
 * has not shown yet; it can be minimised at any time to a small round button (with the count) in the corner, and it
 * stays minimised, on every page, until something new is due. A click on the button opens it again.
 */
export default function MessagePopupStack() {
  const { t } = useTranslation('messages');
  const { t: te } = useTranslation('errors');
  const session = useSession();
  const user = session?.user;
  const allowed = useCan(DUE_KEYS) && !!user?.showMessagePopup;
  const timeZone = user?.timeZone ?? 'UTC';
  const day = clinicToday(timeZone);
  const due = useCall(
    messagesCalls.getDueMessages,
    { branchId: session?.branchId ?? undefined },
    { enabled: allowed, silent: true, refetchInterval: POLL_MS, refetchOnWindowFocus: false, staleTime: POLL_MS },
  );
  const [closed, setClosed] = useState(() => ({ day, keys: closedToday(day) }));
  const keys = closed.day === day ? closed.keys : closedToday(day);
  const { shown, waiting } = allowed && due.data ? pendingPopups(due.data.items, keys, MAX_SHOWN) : { shown: [], waiting: 0 };
  const shownKeys = shown.map(popupKey).join(',');
  const unseen = shown.some((item) => !seenToday(day).has(popupKey(item)));
  // 'auto': open only while something is due that this device has not shown; 'open' / 'min': the user's choice
  const [mode, setMode] = useState<'auto' | 'open' | 'min'>('auto');
  useEffect(() => {
    if (!unseen) return;
    setMode('open');
    rememberSeen(day, shownKeys.split(','));
  }, [unseen, shownKeys, day]);
  const collapsed = mode === 'min' || (mode === 'auto' && !unseen);

  if (shown.length === 0) return null;
  const close = (...items: DueMessageItem[]) => setClosed({ day, keys: rememberClosed(day, items.map(popupKey)) });
  const smsBlocked = user?.subscriptionType === 'ST0' ? te('sms_trial') : null;
  const total = shown.length + waiting;

  if (collapsed)
    return (
      <div className="message-popup-stack collapsed" data-testid="message-popup-stack">
        <Badge count={total} size="small">
          <Button
            shape="circle"
            size="large"
            type="primary"
            icon={<MessageOutlined />}
            data-testid="message-popup-expand"
            aria-label={t('popup.showStack', { count: total })}
            title={t('popup.showStack', { count: total })}
            onClick={() => setMode('open')}
          />
        </Badge>
      </div>
    );

  return (
    <section className="message-popup-stack" aria-label={t('popup.stack')} data-testid="message-popup-stack">
      <Flex justify="space-between" align="center" className="message-popup-stack-bar">
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {waiting > 0 ? t('popup.more', { count: waiting }) : t('popup.stack')}
        </Typography.Text>
        <Flex gap={2}>
          {shown.length > 1 && (
            <Button size="small" type="link" onClick={() => close(...shown)}>
              {t('popup.closeAll')}
            </Button>
          )}
          <Button
            size="small"
            type="text"
            icon={<MinusOutlined />}
            data-testid="message-popup-minimise"
            aria-label={t('popup.minimise')}
            title={t('popup.minimise')}
            onClick={() => setMode('min')}
          />
        </Flex>
      </Flex>
      {shown.map((item) => (
        <MessagePopup key={popupKey(item)} item={item} timeZone={timeZone} smsBlocked={smsBlocked} onClose={() => close(item)} />
      ))}
    </section>
  );
}
