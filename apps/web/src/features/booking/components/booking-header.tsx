import type { BookingInfo } from '@dental/contract';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LanguageMenu } from 'app/shell/language-menu';
import { ThemeToggle } from 'app/shell/theme-toggle';

/** The clinic's logo and name over the page, with the language and theme switches (no login needed). */
export function BookingHeader({ info }: { info?: BookingInfo }) {
  const { t } = useTranslation('booking');
  return (
    <header className="booking-header">
      <Flex className="booking-topbar" justify="end" gap={4}>
        <LanguageMenu showLabel />
        <ThemeToggle />
      </Flex>
      <div className="booking-brand">
        <img className="booking-logo" src={info?.logoUrl ?? '/favicon.svg'} alt="" width={64} height={64} />
        <Typography.Title level={1} className="booking-clinic-name">
          {info?.displayName ?? t('title')}
        </Typography.Title>
        {info && (
          <>
            <Typography.Text strong className="booking-page-title">
              {t('title')}
            </Typography.Text>
            <Typography.Text type="secondary">{t('subtitle')}</Typography.Text>
          </>
        )}
      </div>
    </header>
  );
}
