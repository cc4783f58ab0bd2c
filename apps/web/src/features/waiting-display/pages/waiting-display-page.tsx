import { CompressOutlined, ExpandOutlined, HomeOutlined } from '@ant-design/icons';
import { authCalls } from '@dental/contract';
import { Button, Result, Spin, Tooltip } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LanguageMenu } from 'app/shell/language-menu';
import { ThemeToggle } from 'app/shell/theme-toggle';
import { timeFormatOf } from '../../../lib/format';
import { useCall } from '../../../lib/query';
import { useSession } from '../../../lib/session';
import { useTodayAppointments } from '../api';
import { clinicWallClock } from '../../../lib/clinic-time';
import { DisplayClock } from '../components/display-clock';
import { StatusColumn } from '../components/status-column';
import { DISPLAY_GROUPS, groupForDisplay } from '../display-groups';
import '../waiting-display.css';

function useFullscreen() {
  const [on, setOn] = useState(() => !!document.fullscreenElement);
  useEffect(() => {
    const sync = () => setOn(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);
  const toggle = () =>
    void (document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen()).catch(
      () => undefined,
    );
  return { on, toggle, supported: !!document.fullscreenEnabled };
}

/**
 * /TodayAppointments: the waiting display. Today's appointments of the current branch by status, in large type,
 * refreshed by the live connection (and every minute as a fallback). Patients show as first name and initial.
 */
export default function WaitingDisplayPage() {
  const { t } = useTranslation('waiting-display');
  const session = useSession();
  const user = session?.user;
  const timeZone = user?.timeZone ?? 'UTC';
  const branchId = session?.branchId ?? undefined;
  const today = useTodayAppointments(branchId);
  const branches = useCall(authCalls.getClinicBranches, {}, { staleTime: 5 * 60_000 });
  const fullscreen = useFullscreen();
  const navigate = useNavigate();
  const groups = useMemo(() => groupForDisplay(today.data?.items ?? []), [today.data]);
  const branchName = branches.data?.items.find((b) => b.branchId === branchId)?.name;

  return (
    <div className="waiting-display">
      <header className="wd-header">
        <div className="wd-brand">
          <img src="/favicon.svg" alt="" width={56} height={56} />
          <div>
            <h1 className="wd-title">{user?.clinicDisplayName || user?.clinicName}</h1>
            <div className="wd-subtitle">
              {t('title')}
              {branchName && <> · {branchName}</>}
            </div>
          </div>
        </div>
        <DisplayClock timeZone={timeZone} />
        <nav className="wd-tools" aria-label={t('tools')}>
          <ThemeToggle />
          <LanguageMenu />
          {fullscreen.supported && (
            <Tooltip title={t(fullscreen.on ? 'exitFullscreen' : 'fullscreen')}>
              <Button
                type="text"
                aria-label={t(fullscreen.on ? 'exitFullscreen' : 'fullscreen')}
                icon={fullscreen.on ? <CompressOutlined /> : <ExpandOutlined />}
                onClick={fullscreen.toggle}
              />
            </Tooltip>
          )}
          <Tooltip title={t('backHome')}>
            <Button type="text" aria-label={t('backHome')} icon={<HomeOutlined />} onClick={() => void navigate('/')} />
          </Tooltip>
        </nav>
      </header>

      {today.isLoading ? (
        <div className="wd-center">
          <Spin size="large" />
        </div>
      ) : today.isError && !today.data ? (
        <div className="wd-center">
          <Result status="warning" title={t('loadFailed')} subTitle={today.error?.message} />
        </div>
      ) : (
        <main className="wd-board">
          {DISPLAY_GROUPS.map((g) => (
            <StatusColumn key={g.key} group={g.key} items={groups[g.key]} timeZone={timeZone} />
          ))}
        </main>
      )}

      <footer className="wd-footer">
        {today.dataUpdatedAt > 0 && (
          <span className={today.isError ? 'wd-stale' : undefined}>
            {t(today.isError ? 'staleSince' : 'updatedAt', {
              time: clinicWallClock(today.dataUpdatedAt, timeZone).format(timeFormatOf()),
            })}
          </span>
        )}
      </footer>
    </div>
  );
}
