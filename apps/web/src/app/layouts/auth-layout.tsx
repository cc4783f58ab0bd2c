import { PRODUCT_NAME } from '@dental/contract';
import { Card, Flex, Layout, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LanguageMenu } from '../shell/language-menu';
import { ThemeToggle } from '../shell/theme-toggle';

/** Anonymous pages: a centered card under the product name, with language and theme switches. */
export function AuthLayout() {
  const { t } = useTranslation();
  return (
    <Layout className="auth-layout">
      <Flex className="auth-topbar" justify="end" gap={4}>
        <LanguageMenu showLabel />
        <ThemeToggle />
      </Flex>
      <main className="auth-main">
        <div className="auth-brand">
          <img src="/favicon.svg" alt="" width={48} height={48} />
          <Typography.Title level={2} className="auth-brand-name">
            {PRODUCT_NAME}
          </Typography.Title>
          <Typography.Text type="secondary">{t('app.tagline')}</Typography.Text>
        </div>
        <Card className="auth-card">
          <Outlet />
        </Card>
      </main>
      <footer className="auth-footer">
        <Typography.Text type="secondary">
          {t('app.copyright', { year: new Date().getFullYear(), product: PRODUCT_NAME })}
        </Typography.Text>
      </footer>
    </Layout>
  );
}
