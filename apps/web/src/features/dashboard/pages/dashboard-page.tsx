import { WarningOutlined } from '@ant-design/icons';
import { type DashboardInput, authCalls, tierRank } from '@dental/contract';
import { Alert, Button, Card, DatePicker, Flex, Select, Statistic, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { canOpen, findRoute } from '../../../app/route-table';
import { EmptyState } from '../../../components/empty-state';
import { clinicToday, formatWallDate } from '../../../lib/clinic-time';
import { DATE_FORMAT, ISO_DAY, formatMoneyText, formatNumber } from '../../../lib/format';
import { localName } from '../../../lib/local-name';
import { useCall } from '../../../lib/query';
import { useSession } from '../../../lib/session';
import { useOverdueLabOrders } from '../../labs/api';
import {
  useDailyAppointments,
  useDailyWorkedHours,
  useNewPatientsMonth,
  usePatientReference,
  usePaymentsTypesMonth,
  useTreatmentsPerMonth,
} from '../api';
import { type Bar, BarChart, FiguresTable } from '../components/bar-chart';
import { sumMoneyText } from '../money-sum';
import '../dashboard.css';

/** 'YYYY-MM' as the app writes months: month/year. */
const formatMonth = (month: string) => month.split('-').reverse().join('/');
/** '2030-01-06' as a short bar label: the day of the month. */
const dayLabel = (date: string) => String(Number(date.slice(8)));
const hours = (minutes: number) => formatNumber(minutes / 60, { maximumFractionDigits: 1 });
const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

function monthBounds(today: string): [string, string] {
  const first = dayjs(`${today.slice(0, 7)}-01`, ISO_DAY);
  return [first.format(ISO_DAY), first.endOf('month').format(ISO_DAY)];
}

/** A query's state in a card: loading, error (with retry), empty, or the content. */
function Figure({
  query,
  empty,
  children,
}: {
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
  empty: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('dashboard');
  if (query.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={t('loadError')}
        action={
          <Button size="small" onClick={() => query.refetch()}>
            {t('retry')}
          </Button>
        }
      />
    );
  if (query.isPending) return <div className="dash-chart" aria-busy="true" />;
  if (empty) return <EmptyState compact description={t('empty')} />;
  return <>{children}</>;
}

/** /Dashboard: the period's figures (default this month) for one branch or all the user's branches. */
export default function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const user = useSession()?.user;
  const today = clinicToday(user?.timeZone ?? 'UTC');
  const [[fromDate, toDate], setPeriod] = useState(() => monthBounds(today));
  const [branchId, setBranchId] = useState<number | undefined>(undefined);
  const input: DashboardInput = { branchId, fromDate, toDate };

  const branches = useCall(authCalls.getClinicBranches, {}, { staleTime: 5 * 60_000, silent: true });
  const todays = useDailyAppointments({ branchId, fromDate: today, toDate: today });
  const appointments = useDailyAppointments(input);
  const worked = useDailyWorkedHours(input);
  const newPatients = useNewPatientsMonth(input);
  const references = usePatientReference(input);
  const payments = usePaymentsTypesMonth(input);
  const treatments = useTreatmentsPerMonth(input);

  const labsOpen = !!user && tierRank(user.subscriptionType) >= tierRank('ST2');
  const overdue = useOverdueLabOrders(labsOpen);
  const ordersRoute = findRoute('/LabsOrders');
  const ordersLink = user && ordersRoute && canOpen(ordersRoute, user) ? '/LabsOrders?overdue=1' : undefined;

  const days = appointments.data?.items ?? [];
  const workedDays = worked.data?.items ?? [];
  const months = newPatients.data?.items ?? [];
  const refs = references.data?.items ?? [];
  const paid = payments.data?.items ?? [];
  const currency = payments.data?.currency ?? treatments.data?.currency ?? null;
  const done = treatments.data?.items ?? [];

  // payment types over the period (the chart), per month and type in the table
  const byType = new Map<number, { name: string; count: number; amounts: string[] }>();
  for (const p of paid) {
    const row = byType.get(p.paymentTypeId) ?? { name: localName(p), count: 0, amounts: [] };
    row.count += p.count;
    row.amounts.push(p.amount);
    byType.set(p.paymentTypeId, row);
  }
  const typeBars: Bar[] = [...byType.entries()].map(([id, r]) => {
    const amount = sumMoneyText(r.amounts);
    return { key: String(id), label: r.name, value: Number(amount), display: `${formatMoneyText(amount, currency)} (${formatNumber(r.count)})` };
  });
  const referenceName = (r: (typeof refs)[number]) =>
    r.nameAr != null && r.nameEn != null ? localName({ nameAr: r.nameAr, nameEn: r.nameEn, nameFr: r.nameFr }) : t('noReference');

  const cards: Array<{ key: string; title: string; value: string | undefined; loading: boolean }> = [
    { key: 'today', title: t('cards.today'), value: todays.data ? formatNumber(todays.data.items[0]?.total ?? 0) : undefined, loading: todays.isPending },
    { key: 'appointments', title: t('cards.appointments'), value: appointments.data ? formatNumber(sum(days.map((d) => d.total))) : undefined, loading: appointments.isPending },
    { key: 'hours', title: t('cards.hours'), value: worked.data ? hours(sum(workedDays.map((d) => d.minutes))) : undefined, loading: worked.isPending },
    { key: 'patients', title: t('cards.newPatients'), value: newPatients.data ? formatNumber(sum(months.map((m) => m.count))) : undefined, loading: newPatients.isPending },
    { key: 'payments', title: t('cards.payments'), value: payments.data ? formatMoneyText(sumMoneyText(paid.map((p) => p.amount)), currency) : undefined, loading: payments.isPending },
    { key: 'treatments', title: t('cards.treatments'), value: treatments.data ? formatNumber(sum(done.map((m) => m.completed))) : undefined, loading: treatments.isPending },
  ];
  const period = `${formatWallDate(fromDate)} – ${formatWallDate(toDate)}`;

  return (
    <div className="dashboard">
      <Flex justify="space-between" align="center" wrap gap="middle" className="dash-head">
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('title')}
        </Typography.Title>
        <Flex gap="small" wrap>
          <DatePicker.RangePicker
            format={DATE_FORMAT}
            allowClear={false}
            aria-label={t('period')}
            value={[dayjs(fromDate, ISO_DAY), dayjs(toDate, ISO_DAY)]}
            onChange={(v) => {
              const [a, b] = (v ?? []) as [Dayjs | null, Dayjs | null];
              if (a && b) setPeriod([a.format(ISO_DAY), b.format(ISO_DAY)]);
            }}
          />
          <Button onClick={() => setPeriod(monthBounds(today))}>{t('thisMonth')}</Button>
          <Select
            aria-label={t('branch')}
            style={{ minWidth: 180 }}
            value={branchId ?? 0}
            onChange={(v: number) => setBranchId(v || undefined)}
            options={[
              { value: 0, label: t('allBranches') },
              ...(branches.data?.items ?? []).map((b) => ({ value: b.branchId, label: b.name })),
            ]}
          />
        </Flex>
      </Flex>
      {appointments.error?.status === 400 ? (
        <Alert
          type="warning"
          showIcon
          title={Object.values(appointments.error.fieldErrors)[0] ?? appointments.error.message}
          style={{ marginBlockEnd: 16 }}
        />
      ) : null}

      <div className="dash-cards">
        {cards.map((c) => (
          <Card key={c.key} size="small" data-testid={`dash-card-${c.key}`}>
            <Statistic title={c.title} value={c.value ?? '—'} loading={c.loading} styles={{ content: { fontWeight: 700 } }} />
          </Card>
        ))}
        {labsOpen ? (
          <Card size="small" data-testid="dash-card-overdue" className="dash-overdue">
            <Statistic
              title={t('cards.overdueLabOrders')}
              value={overdue.data ? formatNumber(overdue.data.count) : '—'}
              loading={overdue.isPending}
              prefix={overdue.data?.count ? <WarningOutlined aria-hidden /> : undefined}
              styles={{ content: { fontWeight: 700, color: overdue.data?.count ? '#cf1322' : undefined } }}
            />
            {ordersLink ? <Link to={ordersLink}>{t('viewOverdue')}</Link> : null}
          </Card>
        ) : null}
      </div>

      <div className="dash-charts">
        <Card title={t('charts.appointments')} size="small">
          <Figure query={appointments} empty={!days.some((d) => d.total + d.canceled > 0)}>
            <BarChart
              testId="dash-chart-appointments"
              bars={days.map((d) => ({ key: d.date, label: dayLabel(d.date), value: d.total, display: formatNumber(d.total) }))}
              table={
                <FiguresTable
                  caption={`${t('charts.appointments')} ${period}`}
                  heads={[t('day'), t('counts.total'), t('counts.arrived'), t('counts.completed'), t('counts.noShows'), t('counts.canceled')]}
                  rows={days.map((d) => [formatWallDate(d.date), ...[d.total, d.arrived, d.completed, d.noShows, d.canceled].map((n) => formatNumber(n))])}
                />
              }
            />
          </Figure>
        </Card>
        <Card title={t('charts.hours')} size="small">
          <Figure query={worked} empty={!workedDays.some((d) => d.minutes > 0)}>
            <BarChart
              color="#13a8a8"
              bars={workedDays.map((d) => ({ key: d.date, label: dayLabel(d.date), value: d.minutes, display: hours(d.minutes) }))}
              table={
                <FiguresTable
                  caption={`${t('charts.hours')} ${period}`}
                  heads={[t('day'), t('hours'), t('visits')]}
                  rows={workedDays.map((d) => [formatWallDate(d.date), hours(d.minutes), formatNumber(d.appointments)])}
                />
              }
            />
          </Figure>
        </Card>
        <Card title={t('charts.newPatients')} size="small">
          <Figure query={newPatients} empty={!months.some((m) => m.count > 0)}>
            <BarChart
              color="#722ed1"
              bars={months.map((m) => ({ key: m.month, label: formatMonth(m.month), value: m.count, display: formatNumber(m.count) }))}
              table={
                <FiguresTable
                  caption={`${t('charts.newPatients')} ${period}`}
                  heads={[t('month'), t('patients')]}
                  rows={months.map((m) => [formatMonth(m.month), formatNumber(m.count)])}
                />
              }
            />
          </Figure>
        </Card>
        <Card title={t('charts.references')} size="small">
          <Figure query={references} empty={refs.length === 0}>
            <BarChart
              horizontal
              color="#d48806"
              bars={refs.map((r) => ({ key: String(r.referenceId ?? 0), label: referenceName(r), value: r.count, display: formatNumber(r.count) }))}
              table={
                <FiguresTable
                  caption={`${t('charts.references')} ${period}`}
                  heads={[t('reference'), t('patients')]}
                  rows={refs.map((r) => [referenceName(r), formatNumber(r.count)])}
                />
              }
            />
          </Figure>
        </Card>
        <Card title={t('charts.payments')} size="small">
          <Figure query={payments} empty={paid.length === 0}>
            <BarChart
              horizontal
              color="#389e0d"
              bars={typeBars}
              table={
                <FiguresTable
                  caption={`${t('charts.payments')} ${period}`}
                  heads={[t('monthAndType'), t('count'), t('amount')]}
                  rows={paid.map((p) => [`${formatMonth(p.month)} · ${localName(p)}`, formatNumber(p.count), formatMoneyText(p.amount, currency)])}
                />
              }
            />
          </Figure>
        </Card>
        <Card title={t('charts.treatments')} size="small">
          <Figure query={treatments} empty={!done.some((m) => m.completed > 0)}>
            <BarChart
              color="#eb2f96"
              bars={done.map((m) => ({ key: m.month, label: formatMonth(m.month), value: m.completed, display: formatNumber(m.completed) }))}
              table={
                <FiguresTable
                  caption={`${t('charts.treatments')} ${period}`}
                  heads={[t('month'), t('completed'), t('net')]}
                  rows={done.map((m) => [formatMonth(m.month), formatNumber(m.completed), formatMoneyText(m.net, currency)])}
                />
              }
            />
          </Figure>
        </Card>
      </div>
    </div>
  );
}
