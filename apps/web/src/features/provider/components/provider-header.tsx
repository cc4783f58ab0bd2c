import { LogoutOutlined } from '@ant-design/icons';
import { PRODUCT_NAME } from '@dental/contract';
import { Button, Flex, Layout, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LanguageMenu } from 'app/shell/language-menu';
import { ThemeToggle } from 'app/shell/theme-toggle';
import type { AdminUser } from 'lib/provider-session';

/** Top bar of the provider's console: product and console name, language, theme, who is signed in, log out. */
export function ProviderHeader({ admin, onLogout }: { admin: AdminUser; onLogout: () => void }) {
  const { t } = useTranslation('provider');
  return (
    <Layout.Header className="app-header">
      <Flex align="center" gap={10}>
        <img src="/favicon.svg" alt="" width={28} height={28} />
        <Typography.Text strong style={{ fontSize: 16 }}>
          {PRODUCT_NAME}
        </Typography.Text>
        <Tag color="blue" style={{ marginInlineEnd: 0 }}>
          {t('console')}
        </Tag>
      </Flex>
      <Flex align="center" gap={4}>
        <Typography.Text type="secondary" className="provider-admin-email" style={{ marginInlineEnd: 8 }}>
          <bdi dir="ltr">{admin.email}</bdi>
        </Typography.Text>
        <LanguageMenu />
        <ThemeToggle />
        <Button type="text" icon={<LogoutOutlined />} onClick={onLogout}>
          {t('logout')}
        </Button>
      </Flex>
    </Layout.Header>
  );
}
