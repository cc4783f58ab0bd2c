import type { DailySummary } from '@dental/contract';
import { Card, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';

export const SUMMARY_COUNTS = ['total', 'arrived', 'noShows', 'completed', 'canceled'] as const;
export type SummaryCount = (typeof SUMMARY_COUNTS)[number];

const COLORS: Record<SummaryCount, string | undefined> = {
  total: undefined,
  arrived: '#1677ff',
  noShows: '#d46b08',
  completed: '#389e0d',
  canceled: '#cf1322',
};

/** The day's totals, one card each. */
export function TotalsCards({ totals, loading }: { totals?: DailySummary['totals']; loading: boolean }) {
  const { t } = useTranslation('daily-summary');
  return (
    <div className="ds-totals">
      {SUMMARY_COUNTS.map((key) => (
        <Card key={key} size="small" className="ds-total-card" data-count={key}>
          <Statistic
            title={t(`counts.${key}`)}
            value={totals ? totals[key] : undefined}
            formatter={(v) => formatNumber(Number(v))}
            loading={loading && !totals}
            styles={{ content: { color: COLORS[key], fontWeight: 700 } }}
          />
        </Card>
      ))}
    </div>
  );
}
