import { PRODUCT_NAME } from '@dental/contract';
import { Layout } from 'antd';
import { useEffect, useState } from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { loginPathFor } from 'lib/navigation';
import { isLeavingSession, useSession } from 'lib/session';
import { useTheme } from 'lib/theme';
import { AppHeader } from '../shell/app-header';
import { BranchSwitcher } from '../shell/branch-switcher';
import { SessionShell } from '../shell/session-shell';
import { SidebarMenu } from '../shell/sidebar-menu';

/** The logged-in layout: collapsible sidebar (collapsed by default), header, page. */
export function MainLayout() {
  const session = useSession();
  const location = useLocation();
  const mode = useTheme();
  const [collapsed, setCollapsed] = useState(true);
  const [narrow, setNarrow] = useState(false);

  useEffect(() => {
    if (narrow) setCollapsed(true);
  }, [location.pathname, narrow]);

  if (!session) {
    return isLeavingSession() ? null : <Navigate to={loginPathFor(location.pathname + location.search)} replace />;
  }
  const { user } = session;

  return (
    <Layout className="main-layout" hasSider>
      <Layout.Sider
        className={narrow ? 'app-sider narrow' : 'app-sider'}
        theme={mode}
        width={248}
        collapsible
        collapsed={collapsed}
        collapsedWidth={narrow ? 0 : 64}
        breakpoint="md"
        onBreakpoint={setNarrow}
        trigger={null}
      >
        <Link to="/" className="app-brand" aria-label={PRODUCT_NAME}>
          <img src="/favicon.svg" alt="" width={32} height={32} />
          {!collapsed && <span className="app-brand-name">{PRODUCT_NAME}</span>}
        </Link>
        {narrow && !collapsed && (
          <div className="sider-branch">
            <BranchSwitcher block />
          </div>
        )}
        <SidebarMenu user={user} collapsed={collapsed} theme={mode} />
      </Layout.Sider>
      {narrow && !collapsed && <div className="sider-backdrop" onClick={() => setCollapsed(true)} aria-hidden />}
      <Layout className="main-column">
        <AppHeader user={user} collapsed={collapsed} narrow={narrow} onToggle={() => setCollapsed((c) => !c)} />
        <Layout.Content className="main-content">
          <Outlet />
        </Layout.Content>
      </Layout>
      <SessionShell user={user} />
    </Layout>
  );
}
