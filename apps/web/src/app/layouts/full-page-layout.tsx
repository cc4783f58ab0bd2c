import { Layout } from 'antd';
import { Outlet } from 'react-router';
import { useSession } from 'lib/session';
import { SessionShell } from '../shell/session-shell';

/** Full-page screens (patient file, waiting display, public QR page): no sidebar; session services when logged in. */
export function FullPageLayout() {
  const session = useSession();
  return (
    <Layout className="full-page-layout">
      <Outlet />
      {session && <SessionShell user={session.user} />}
    </Layout>
  );
}
