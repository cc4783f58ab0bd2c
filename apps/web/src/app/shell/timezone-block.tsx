import { ClockCircleOutlined, LogoutOutlined, WhatsAppOutlined } from '@ant-design/icons';
import type { ActiveUser } from '@dental/contract';
import { Button, Descriptions, Result } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { logout } from '../session-actions';
import { LazyMobileText } from './lazy-mobile-text';
import { providerChatLink } from './provider-contact';

const deviceZone = () => {
  const offset = -new Date().getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const h = String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0');
  const m = String(Math.abs(offset) % 60).padStart(2, '0');
  const name = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return `UTC${sign}${h}:${m}${name ? ` (${name})` : ''}`;
};

/** The time-zone block's content (TimeZoneGuard): what is wrong, who is signed in, support and logout. */
export function TimeZoneBlock({ user }: { user: ActiveUser }) {
  const { t } = useTranslation();
  const support = providerChatLink(
    t('timezone.chatMessage', {
      clinic: user.clinicDisplayName || user.clinicName,
      user: user.fullName,
      zone: deviceZone(),
    }),
  );
  return (
    <Result
      icon={<ClockCircleOutlined />}
      status="warning"
      title={<span id="timezone-title">{t('timezone.title')}</span>}
      subTitle={t('timezone.subtitle')}
      extra={[
        <Button
          key="support"
          type="primary"
          icon={<WhatsAppOutlined />}
          href={support}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t('timezone.support')}
        </Button>,
        <Button key="logout" icon={<LogoutOutlined />} onClick={() => void logout()}>
          {t('user.logout')}
        </Button>,
      ]}
    >
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('timezone.user')}>{user.fullName || user.displayName}</Descriptions.Item>
        <Descriptions.Item label={t('timezone.clinic')}>{user.clinicDisplayName || user.clinicName}</Descriptions.Item>
        <Descriptions.Item label={t('timezone.email')}>{user.emailAddress}</Descriptions.Item>
        {user.mobile && (
          <Descriptions.Item label={t('timezone.mobile')}>
            <Suspense fallback={null}>
              <LazyMobileText value={user.mobile} />
            </Suspense>
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t('timezone.deviceZone')}>
          <bdi dir="ltr">{deviceZone()}</bdi>
        </Descriptions.Item>
        <Descriptions.Item label={t('timezone.requiredZone')}>
          <bdi dir="ltr">UTC+03:00</bdi>
        </Descriptions.Item>
      </Descriptions>
    </Result>
  );
}
