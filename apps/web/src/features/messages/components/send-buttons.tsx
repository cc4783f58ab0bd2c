import { DownOutlined, MessageOutlined, WhatsAppOutlined } from '@ant-design/icons';
import { type MessageType, messagesCalls } from '@dental/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Dropdown, Space, Tooltip } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../lib/api';
import { useCan } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { MESSAGING_KEYS, SMS_KEYS } from '../access';
import { usePatientMessaging } from '../api';
import { openChat } from '../whatsapp';

/** The types sent about an appointment (reminder first: the button's own click) and about a patient. */
const APPOINTMENT_TYPES: readonly MessageType[] = ['MT2', 'MT1', 'MT4'];
const PATIENT_TYPES: readonly MessageType[] = ['MT5', 'MT3'];

interface SendButtonsProps {
  patientId: number;
  /** About this appointment (reminder, booking confirmation, missed); without it, about the patient (payment due, birthday). */
  appointmentId?: number;
  /** The patient's mobile when the caller knows it: none disables the buttons with the reason. */
  mobile?: string | null;
  size?: 'small' | 'middle';
}

/**
 * 'WhatsApp' opens wa.me with the filled text in a new tab (MessageType/GetMessageContent); 'SMS' sends the
 * appointment's or the patient's message now (SMSMessage/SendSMSMessageManual). Each has a menu of the other types. A patient marked
 * not to be messaged, or without a mobile, gets disabled buttons that say why; the free tier's SMS says it is not
 * in the trial.
 */
export function SendButtons({ patientId, appointmentId, mobile, size = 'middle' }: SendButtonsProps) {
  const { t } = useTranslation('messages');
  const { t: te } = useTranslation('errors');
  const user = useSession()?.user;
  const canChat = useCan(MESSAGING_KEYS);
  const canSms = useCan(SMS_KEYS);
  const messaging = usePatientMessaging(canChat ? patientId : undefined);
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  if (!canChat) return null;

  const types = appointmentId != null ? APPOINTMENT_TYPES : PATIENT_TYPES;
  const subject = appointmentId != null ? { appointmentId } : { patientId };
  const blocked = messaging.data?.doNotMessage
    ? te('message_do_not_message')
    : mobile !== undefined && !mobile
      ? te('message_mobile_invalid')
      : null;
  const smsBlocked = blocked ?? (user?.subscriptionType === 'ST0' ? te('sms_trial') : null);

  const run = async (key: string, work: () => Promise<void>) => {
    setBusy(key);
    try {
      await work();
    } catch {
      // the api client has shown the server's message
    } finally {
      setBusy(null);
    }
  };
  const chat = (type: MessageType) =>
    run(`whatsapp-${type}`, async () => {
      await openChat(async () => (await callApi(messagesCalls.getMessageTypeContent, { type, channel: 'whatsapp', ...subject })).link);
    });
  const sms = (type: MessageType) =>
    run(`sms-${type}`, async () => {
      const r = await callApi(messagesCalls.sendSmsManual, { ...subject, type });
      void queryClient.invalidateQueries({ queryKey: [messagesCalls.getOutbox.controller] });
      if (r.status === 'skipped') notify.warning(t('send.skipped'));
      else notify.success(r.status === 'sent' ? t('send.smsSent') : t('send.smsQueued'));
    });

  const split = (channel: 'whatsapp' | 'sms', icon: ReactNode, label: string, reason: string | null, send: (type: MessageType) => void) => {
    const loading = busy?.startsWith(channel) ?? false;
    const buttons = (
      <Space.Compact size={size}>
        <Button icon={icon} loading={loading} disabled={!!reason || (!!busy && !loading)} onClick={() => send(types[0]!)} data-testid={`send-${channel}`}>
          {label}
        </Button>
        <Dropdown
          disabled={!!reason || !!busy}
          trigger={['click']}
          menu={{ items: types.map((type) => ({ key: type, label: t(`purpose.${type}`) })), onClick: ({ key }) => send(key as MessageType) }}
        >
          <Button icon={<DownOutlined />} aria-label={t('send.otherTypes', { channel: label })} disabled={!!reason || !!busy} />
        </Dropdown>
      </Space.Compact>
    );
    return reason ? (
      <Tooltip title={reason}>
        <span data-testid={`send-${channel}-blocked`}>{buttons}</span>
      </Tooltip>
    ) : (
      buttons
    );
  };

  return (
    <Space wrap size="small" className="message-send-buttons">
      {split('whatsapp', <WhatsAppOutlined />, t('channel.whatsapp'), blocked, chat)}
      {canSms && split('sms', <MessageOutlined />, t('channel.sms'), smsBlocked, sms)}
    </Space>
  );
}
