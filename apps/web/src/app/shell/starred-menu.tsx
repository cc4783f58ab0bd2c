import { StarFilled, StarOutlined } from '@ant-design/icons';
import { type ActiveUser, LIMITS } from '@dental/contract';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { notify } from 'lib/toast';
import { findRoute, routeHref } from '../route-table';
import { RouteIcon } from './menu-icons';
import { starredRoutes, toggleStarred, useStarred } from './starred-store';

/** Header star button: star the current page, and jump to starred (or suggested) pages. */
export function StarredMenu({ user }: { user: ActiveUser }) {
  const { t } = useTranslation(['common', 'routes']);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const starred = useStarred(user);
  const current = findRoute(pathname);
  const starrable = current && current.layout !== 'auth' ? current : undefined;
  const isStarred = !!starrable && starred.includes(starrable.path);
  const { suggested, routes } = starredRoutes(user, starred);

  const toggle = () => {
    if (!starrable) return;
    const result = toggleStarred(user, starrable.path);
    if (result === 'full') notify.warning(t('starred.full', { max: LIMITS.starredPagesMax }));
  };

  const items: MenuProps['items'] = [
    ...(starrable
      ? [
          {
            key: 'toggle',
            icon: isStarred ? <StarFilled /> : <StarOutlined />,
            label: isStarred ? t('starred.remove') : t('starred.add'),
            onClick: toggle,
          },
          { type: 'divider' as const },
        ]
      : []),
    {
      key: 'list',
      type: 'group' as const,
      label: suggested ? t('starred.suggested') : t('starred.title'),
      children: routes.length
        ? routes.map((r) => ({
            key: r.path,
            icon: <RouteIcon name={r.icon} />,
            label: t(r.name, { ns: 'routes' }),
            onClick: () => navigate(routeHref(r.path)),
          }))
        : [{ key: 'empty', disabled: true, label: t('starred.empty') }],
    },
  ];

  return (
    <Dropdown menu={{ items, selectable: false }} trigger={['click']} placement="bottom">
      <Button
        type="text"
        aria-label={t('starred.title')}
        title={t('starred.title')}
        icon={isStarred ? <StarFilled className="star-active" /> : <StarOutlined />}
      />
    </Dropdown>
  );
}
