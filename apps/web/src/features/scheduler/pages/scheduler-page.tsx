import { authCalls } from '@dental/contract';
import { Card, Skeleton } from 'antd';
import { Suspense, lazy, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyWhenOnline, preloadWithShell } from '../../../app/offline-ready';
import { useCan } from '../../../lib/permissions';
import { useCall } from '../../../lib/query';
import { useSession } from '../../../lib/session';
import { useCalendarSettings } from '../api';
import type { Filters } from '../components/calendar-filters';

/** FullCalendar is loaded with the calendar, not with the app (the first chunk stays small). */
const SchedulerCalendar = lazy(() => import('../components/scheduler-calendar'));

/** Shown when the calendar cannot be: fetched after the page has shown, so that it is there offline. */
const Notice = lazyWhenOnline(preloadWithShell(() => import('../components/scheduler-notice')));

const loading = (
  <Card>
    <Skeleton active paragraph={{ rows: 12 }} />
  </Card>
);

/** '/' and '/Schedule': the appointment calendar of the user's branch. */
export default function SchedulerPage() {
  const { t } = useTranslation('scheduler');
  const canView = useCan(['scheduler_view_all', 'scheduler_view_mine']);
  if (!canView)
    return (
      <Suspense fallback={null}>
        <Notice status="info" title={t('noAccess.title')} subTitle={t('noAccess.text')} />
      </Suspense>
    );
  return <SchedulerScreen />;
}

function SchedulerScreen() {
  const session = useSession();
  const user = session?.user;
  const branches = useCall(authCalls.getClinicBranches, {}, { staleTime: 5 * 60_000, silent: true });
  const branchItems = branches.data?.items ?? [];
  const fallbackBranch = session?.branchId ?? user?.branchId ?? branchItems[0]?.branchId ?? null;
  const [filters, setFilters] = useState<Filters | null>(null);
  const branchId = filters?.branchId ?? fallbackBranch;
  const settings = useCalendarSettings({ branchId: branchId ?? undefined }, branchId != null);

  // the branch chosen in the header is the calendar's branch until the user picks another here
  useEffect(() => {
    setFilters((f) => (f && f.branchId === session?.branchId ? f : null));
  }, [session?.branchId]);

  // with only "view my appointments" the doctor filter is the user
  const fixedDoctor = settings.data && !settings.data.viewAll ? (user?.userId ?? null) : null;
  const current: Filters | null =
    branchId == null
      ? null
      : { branchId, doctorId: fixedDoctor ?? filters?.doctorId ?? null, roomId: filters?.roomId ?? null };

  if (branchId == null) return branches.isLoading ? loading : <EmptyBranches />;
  if (settings.isError)
    return (
      <Suspense fallback={null}>
        <Notice status="warning" title={settings.error.message} />
      </Suspense>
    );
  if (!settings.data || !current) return loading;
  return (
    <Suspense fallback={loading}>
      <SchedulerCalendar
        settings={settings.data}
        filters={current}
        onFilters={(f) => setFilters({ ...f, doctorId: fixedDoctor ?? f.doctorId })}
        branches={branchItems}
      />
    </Suspense>
  );
}

function EmptyBranches() {
  const { t } = useTranslation('scheduler');
  return (
    <Suspense fallback={null}>
      <Notice status="info" title={t('noBranch')} />
    </Suspense>
  );
}
