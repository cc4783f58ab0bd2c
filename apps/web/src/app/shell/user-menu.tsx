import { BellOutlined, LockOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { type ActiveUser, ROUTES, routeState } from '@dental/contract';
import { Button, Dropdown, type MenuProps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isBuilt } from 'features/registry';
import { LOCK_SCREEN_PATH } from 'lib/navigation';
import { usePushToggle } from './use-push-toggle';
import { logout } from '../session-actions';
import { UserAvatar } from './user-avatar';

const PROFILE = ROUTES.find((r) => r.name === 'UserPersonalDetails')!;

export function UserMenu({ user, compact }: { user: ActiveUser; compact?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const showProfile = isBuilt(PROFILE.path) && routeState(PROFILE, user) === 'open';
  const push = usePushToggle();

  const items: MenuProps['items'] = [
    {
      key: 'who',
      type: 'group',
      label: (
        <div className="user-menu-who">
          <Typography.Text strong>{user.fullName || user.displayName}</Typography.Text>
          <Typography.Text type="secondary">{user.clinicDisplayName || user.clinicName}</Typography.Text>
        </div>
      ),
    },
    { type: 'divider' },
    ...(showProfile
      ? [{ key: 'profile', icon: <UserOutlined />, label: t('user.profile'), onClick: () => navigate(PROFILE.path) }]
      : []),
    {
      key: 'lock',
      icon: <LockOutlined />,
      label: t('user.lock'),
      extra: 'Ctrl+L',
      onClick: () => navigate(LOCK_SCREEN_PATH),
    },
    ...(push.available
      ? [
          {
            key: 'push',
            icon: <BellOutlined />,
            disabled: push.busy,
            label: push.subscribed ? t('user.pushDisable') : t('user.pushEnable'),
            onClick: () => void push.toggle(),
          },
        ]
      : []),
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, danger: true, label: t('user.logout'), onClick: () => void logout() },
  ];

  return (
    <Dropdown menu={{ items, selectable: false }} trigger={['click']} placement="bottomRight">
      <Button type="text" className="user-menu-button" aria-label={t('user.menu')}>
        <UserAvatar user={user} size="small" />
        {!compact && <span className="user-menu-name">{user.displayName}</span>}
      </Button>
    </Dropdown>
  );
}
