import { MenuFoldOutlined, MenuUnfoldOutlined, SearchOutlined } from '@ant-design/icons';
import type { ActiveUser } from '@dental/contract';
import { Button, Flex, Layout } from 'antd';
import { useTranslation } from 'react-i18next';
import { userCan } from 'lib/permissions';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { BranchSwitcher } from './branch-switcher';
import { LanguageMenu } from './language-menu';
import { setPaletteOpen } from './palette-state';
import { StarredMenu } from './starred-menu';
import { ThemeToggle } from './theme-toggle';
import { UserMenu } from './user-menu';

interface Props {
  user: ActiveUser;
  collapsed: boolean;
  onToggle: () => void;
  narrow: boolean;
}

/** Top bar: sidebar toggle, search, branch, starred pages, notifications, language, theme and the user's menu. */
export function AppHeader({ user, collapsed, onToggle, narrow }: Props) {
  const { t } = useTranslation();
  const searchLabel = t(userCan(user, 'patient_list') ? 'palette.openPatients' : 'palette.open');
  return (
    <Layout.Header className="app-header">
      <Flex align="center" gap={8} className="app-header-start">
        <Button
          type="text"
          className="sider-toggle"
          aria-label={t(collapsed ? 'header.expandMenu' : 'header.collapseMenu')}
          icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          onClick={onToggle}
        />
        {narrow ? (
          <Button
            type="text"
            icon={<SearchOutlined />}
            aria-label={searchLabel}
            onClick={() => setPaletteOpen(true)}
          />
        ) : (
          <Button className="palette-trigger" icon={<SearchOutlined />} onClick={() => setPaletteOpen(true)}>
            <span className="palette-trigger-text">{searchLabel}</span>
            <kbd>Ctrl K</kbd>
          </Button>
        )}
      </Flex>
      <Flex align="center" gap={4} className="app-header-end">
        {!narrow && <BranchSwitcher />}
        <StarredMenu user={user} />
        <NotificationBell />
        <LanguageMenu />
        <ThemeToggle />
        <UserMenu user={user} compact={narrow} />
      </Flex>
    </Layout.Header>
  );
}
