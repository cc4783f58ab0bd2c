import { PrinterOutlined } from '@ant-design/icons';
import { authCalls } from '@dental/contract';
import { Button, Card, DatePicker, Flex, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_FORMAT, ISO_DAY, formatDate } from '../../../lib/format';
import { useCall } from '../../../lib/query';
import { useSession } from '../../../lib/session';
import { clinicToday } from '../../../lib/clinic-time';
import { useDailySummary } from '../api';
import { DoctorsTable } from '../components/doctors-table';
import { TotalsCards } from '../components/totals-cards';
import '../daily-summary.css';


/** /DailySummary: one day of the branch (default the clinic's today): totals and a row per doctor; printable. */
export default function DailySummaryPage() {
  const { t } = useTranslation('daily-summary');
  const session = useSession();
  const user = session?.user;
  const branchId = session?.branchId ?? undefined;
  const today = clinicToday(user?.timeZone ?? 'UTC');
  const [date, setDate] = useState(today);
  const summary = useDailySummary(date, branchId);
  const branches = useCall(authCalls.getClinicBranches, {}, { staleTime: 5 * 60_000 });
  const branchName = branches.data?.items.find((b) => b.branchId === branchId)?.name;
  const data = summary.data?.date === date ? summary.data : undefined;

  return (
    <Card className="daily-summary">
      <Flex justify="space-between" align="center" wrap gap="middle" className="ds-head">
        <div>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('title')}
          </Typography.Title>
          <Typography.Text type="secondary" className="ds-subtitle">
            {[user?.clinicDisplayName || user?.clinicName, branchName].filter(Boolean).join(' · ')}
            <span className="ds-print-only"> · {formatDate(date)}</span>
          </Typography.Text>
        </div>
        <Flex gap="small" wrap className="ds-no-print">
          <DatePicker
            format={DATE_FORMAT}
            allowClear={false}
            aria-label={t('date')}
            value={dayjs(date, ISO_DAY)}
            onChange={(d) => d && setDate(d.format(ISO_DAY))}
          />
          <Button onClick={() => setDate(today)} disabled={date === today}>
            {t('today')}
          </Button>
          <Button icon={<PrinterOutlined />} onClick={() => window.print()} disabled={!data}>
            {t('print')}
          </Button>
        </Flex>
      </Flex>
      <TotalsCards totals={data?.totals} loading={summary.isFetching} />
      <Typography.Title level={4} className="ds-section-title">
        {t('perDoctor')}
      </Typography.Title>
      <DoctorsTable summary={data} loading={summary.isFetching} />
    </Card>
  );
}
