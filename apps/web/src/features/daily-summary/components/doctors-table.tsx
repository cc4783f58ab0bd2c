import type { DailySummary } from '@dental/contract';
import { Table, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { formatNumber } from '../../../lib/format';
import { SUMMARY_COUNTS } from './totals-cards';

type DoctorRow = DailySummary['doctors'][number];

/** The day per doctor, with a totals row. */
export function DoctorsTable({ summary, loading }: { summary?: DailySummary; loading: boolean }) {
  const { t } = useTranslation('daily-summary');
  const columns: TableColumnsType<DoctorRow> = [
    {
      key: 'doctor',
      title: t('doctor'),
      render: (_, row) => (row.doctorName ? <bdi>{row.doctorName}</bdi> : <Typography.Text type="secondary">{t('noDoctor')}</Typography.Text>),
    },
    ...SUMMARY_COUNTS.map((key) => ({
      key,
      dataIndex: key,
      title: t(`counts.${key}`),
      align: 'center' as const,
      render: (n: number) => formatNumber(n),
    })),
  ];
  return (
    <Table<DoctorRow>
      rowKey={(row) => row.doctorId ?? 0}
      columns={columns}
      dataSource={summary?.doctors}
      loading={loading}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: loading ? ' ' : <EmptyState description={t('empty')} /> }}
      summary={() =>
        summary && summary.doctors.length > 1 ? (
          <Table.Summary.Row className="ds-total-row">
            <Table.Summary.Cell index={0}>
              <strong>{t('total')}</strong>
            </Table.Summary.Cell>
            {SUMMARY_COUNTS.map((key, i) => (
              <Table.Summary.Cell key={key} index={i + 1} align="center">
                <strong>{formatNumber(summary.totals[key])}</strong>
              </Table.Summary.Cell>
            ))}
          </Table.Summary.Row>
        ) : null
      }
    />
  );
}
