import { CustomerServiceOutlined, LogoutOutlined, ShopOutlined } from '@ant-design/icons';
import { PRODUCT_NAME } from '@dental/contract';
import { Button, Flex, Layout, Tag, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LanguageMenu } from 'app/shell/language-menu';
import { ThemeToggle } from 'app/shell/theme-toggle';
import type { AdminUser } from 'lib/provider-session';

/** The console's pages, linked from the header. */
const LINKS = [
  { path: '/provider/clinics', label: 'nav.clinics', icon: <ShopOutlined /> },
  { path: '/provider/support', label: 'nav.support', icon: <CustomerServiceOutlined /> },
] as const;

/**
 * Top bar of the provider's console: product and console name, links between its pages, language, theme,
 * who is signed in, log out.
 */
export function ProviderHeader({ admin, onLogout }: { admin: AdminUser; onLogout: () => void }) {
  const { t } = useTranslation('provider');
  const { pathname } = useLocation();
  const { token } = theme.useToken();
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
        <nav aria-label={t('nav.label')}>
          <Flex gap={4} style={{ marginInlineStart: 12 }}>
            {LINKS.map((link) => {
              const current = pathname === link.path;
              return (
                <Link
                  key={link.path}
                  to={link.path}
                  aria-current={current ? 'page' : undefined}
                  style={{
                    display: 'inline-flex',
                    alignItems: 'center',
                    gap: 6,
                    padding: '4px 12px',
                    lineHeight: '22px',
                    borderRadius: token.borderRadius,
                    color: current ? token.colorPrimary : token.colorText,
                    background: current ? token.colorPrimaryBg : undefined,
                    fontWeight: current ? 600 : undefined,
                  }}
                >
                  {link.icon}
                  {t(link.label)}
                </Link>
              );
            })}
          </Flex>
        </nav>
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
