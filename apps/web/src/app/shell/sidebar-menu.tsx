import { LockOutlined } from '@ant-design/icons';
import type { ActiveUser } from '@dental/contract';
import { Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { builtMenu, findRoute, routeHref } from '../route-table';
import { GroupIcon, RouteIcon } from './menu-icons';
import { TierTag } from './tier-tag';

type Item = Required<MenuProps>['items'][number];

/**
 * The sidebar of spec §2: menu groups with their items (a group of one page is that page alone), each labelled with its
 * page's title; an item above the clinic's tier has a padlock and the tier it needs.
 */
export function SidebarMenu({
  user,
  collapsed,
  theme,
}: {
  user: ActiveUser;
  collapsed: boolean;
  theme: 'light' | 'dark';
}) {
  const { t } = useTranslation(['menu', 'routes', 'common']);
  const { pathname } = useLocation();
  const groups = useMemo(() => builtMenu(user), [user]);
  const current = findRoute(pathname);
  const currentGroup = groups.find((g) => g.items.some((i) => i.route.path === current?.path))?.group;
  const [openKeys, setOpenKeys] = useState<string[]>(currentGroup ? [`group:${currentGroup}`] : []);

  useEffect(() => {
    if (currentGroup && !collapsed)
      setOpenKeys((keys) => (keys.includes(`group:${currentGroup}`) ? keys : [...keys, `group:${currentGroup}`]));
  }, [currentGroup, collapsed]);

  const entry = ({ route, state }: (typeof groups)[number]['items'][number]): Item => ({
    key: route.path,
    icon: <RouteIcon name={route.icon} />,
    label: (
      <Link to={routeHref(route.path)} className="menu-link">
        <span className="menu-link-text">{t(route.name, { ns: 'routes' })}</span>
        {state === 'locked' && (
          <>
            <LockOutlined className="menu-lock" aria-label={t('locked.title', { ns: 'common' })} />
            <TierTag tier={route.tier} />
          </>
        )}
      </Link>
    ),
  });
  // a group of one page is that page, under the page's own title (a group "Roles" holding "Roles" said it twice)
  const items: Item[] = groups.map(({ group, items: entries }) =>
    entries.length === 1
      ? entry(entries[0]!)
      : {
          key: `group:${group}`,
          icon: <GroupIcon group={group} />,
          label: t(group, { ns: 'menu' }),
          children: entries.map(entry),
        },
  );

  return (
    <Menu
      mode="inline"
      theme={theme}
      items={items}
      selectedKeys={current ? [current.path] : []}
      {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
    />
  );
}
