import { TOOTH_EXTRA_STATUSES } from '@dental/contract';
import { Flex, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PALETTE, STATUS_COLORS } from './tooth-geometry';

/** Below the chart: what the palette colours, the extras' status colours and the badges mean. */
export function ChartLegend() {
  const { t } = useTranslation('dental-chart');
  const dot = (color: string, round = false) => (
    <span className="dc-swatch" style={{ background: color, borderRadius: round ? '50%' : undefined }} aria-hidden />
  );
  return (
    <Flex wrap gap={16} style={{ fontSize: 12 }} aria-label={t('legend.title')} role="group">
      <Space size={[10, 4]} wrap>
        <Typography.Text type="secondary">{t('legend.colours')}</Typography.Text>
        {PALETTE.map((p) => (
          <Space key={p.key} size={4}>
            {dot(p.color)}
            <span>{t(`palette.${p.key}`)}</span>
          </Space>
        ))}
      </Space>
      <Space size={[10, 4]} wrap>
        <Typography.Text type="secondary">{t('legend.status')}</Typography.Text>
        {TOOTH_EXTRA_STATUSES.map((s) => (
          <Space key={s} size={4}>
            {dot(STATUS_COLORS[s])}
            <span>{t(`status.${s}`)}</span>
          </Space>
        ))}
      </Space>
      <Space size={[10, 4]} wrap>
        <Typography.Text type="secondary">{t('legend.badges')}</Typography.Text>
        <Space size={4}>
          {dot('#1677ff', true)}
          <span>{t('notes.title')}</span>
        </Space>
        <Space size={4}>
          {dot('#722ed1', true)}
          <span>{t('canals.title')}</span>
        </Space>
      </Space>
      <Typography.Text type="secondary">{t('legend.keyboard')}</Typography.Text>
    </Flex>
  );
}
