import type { BalanceSummary as Balance } from '@dental/contract';
import { Card, Col, Row, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isPositive } from '../payments-model';
import { useMoney } from './money';

/**
 * A patient's balance as the server computes it (Patient/GetPPW): total charged, discounts, insurance share, the
 * patient's share, paid, credit and remaining. Every figure is the server's; nothing is added up here.
 */
export function BalanceSummary({ summary, compact = false }: { summary: Balance; compact?: boolean }) {
  const { t } = useTranslation('payments');
  const m = useMoney();
  const owes = isPositive(summary.remaining);
  const figures: Array<{ key: string; value: string; strong?: boolean; tone?: 'danger' | 'success' }> = [
    { key: 'total', value: summary.charged },
    { key: 'discount', value: summary.discounts },
    { key: 'insurance', value: summary.insuranceShare },
    { key: 'due', value: summary.patientShare },
    { key: 'paid', value: summary.paid },
    { key: 'credit', value: summary.credit, tone: isPositive(summary.credit) ? 'success' : undefined },
    { key: 'remaining', value: summary.remaining, strong: true, tone: owes ? 'danger' : 'success' },
  ];
  return (
    <Card size="small" title={compact ? undefined : t('summary.title')} className="pay-summary" data-testid="balance-summary">
      <Row gutter={[16, 12]}>
        {figures.map((f) => (
          <Col key={f.key} xs={12} sm={8} md={6} lg={f.strong ? 6 : 3} data-testid={`balance-${f.key}`}>
            <Statistic
              title={t(`summary.${f.key}`)}
              valueRender={() => (
                <Typography.Text strong={f.strong} className={f.tone && `pay-tone-${f.tone}`}>
                  {m.money(f.value)}
                </Typography.Text>
              )}
            />
          </Col>
        ))}
      </Row>
    </Card>
  );
}
