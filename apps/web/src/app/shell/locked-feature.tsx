import { LockOutlined, WhatsAppOutlined } from '@ant-design/icons';
import type { RouteDef } from '@dental/contract';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from 'lib/session';
import { providerChatLink } from './provider-contact';

/** Spec §1: a feature above the clinic's tier; 'Upgrade Now' opens a chat to the provider naming the clinic. */
export function LockedFeature({ route }: { route: RouteDef }) {
  const { t } = useTranslation();
  const user = useSession()?.user;
  const feature = t(route.name, { ns: 'routes' });
  const text = t('locked.chatMessage', {
    clinic: user?.clinicDisplayName || user?.clinicName || '',
    clinicName: user?.clinicName ?? '',
    feature,
    tier: t(`tier.${route.tier}`),
  });
  return (
    <Result
      icon={<LockOutlined />}
      title={t('locked.title')}
      subTitle={t('locked.subtitle', { feature, tier: t(`tier.${route.tier}`) })}
      extra={
        <Button
          type="primary"
          size="large"
          icon={<WhatsAppOutlined />}
          href={providerChatLink(text)}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t('locked.upgradeNow')}
        </Button>
      }
    />
  );
}
