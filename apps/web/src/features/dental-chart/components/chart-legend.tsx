import { TOOTH_EXTRA_STATUSES } from '@dental/contract';
import { Flex, Space, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { PALETTE, PROCEDURE_COLORS, STATUS_COLORS, isDarkColor } from './tooth-geometry';

/** The procedure marks as the chart draws them: a dashed ring with "P", a filled disc with a check. */
function ProcedureSwatch({
  kind,
  color,
  background,
}: {
  kind: 'planned' | 'completed';
  color: string;
  background: string;
}) {
  return (
    <svg width={16} height={16} viewBox="-8 -8 16 16" aria-hidden style={{ verticalAlign: 'middle' }}>
      {kind === 'planned' ? (
        <>
          <circle r={6.5} fill={background} stroke={color} strokeWidth={1.4} strokeDasharray="2.2 1.4" />
          <text y={3} textAnchor="middle" fontSize={8.5} fontWeight={700} fill={color}>
            P
          </text>
        </>
      ) : (
        <>
          <circle r={6.5} fill={color} />
          <polyline
            points="-3,0 -0.8,2.6 3.2,-2.4"
            fill="none"
            stroke={background}
            strokeWidth={1.8}
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </>
      )}
    </svg>
  );
}

/**
 * Below the chart: what the palette colours, the extras' status colours and the badges mean; with `procedures`,
 * also the marks of the patient's planned and completed procedures; `proceduresOnly` (a chart that draws nothing
 * else, the procedures tab) shows only those.
 */
export function ChartLegend({
  procedures = false,
  proceduresOnly = false,
}: {
  procedures?: boolean;
  proceduresOnly?: boolean;
}) {
  const { t } = useTranslation('dental-chart');
  const { token } = theme.useToken();
  const procedureColors = PROCEDURE_COLORS[isDarkColor(token.colorBgContainer) ? 'dark' : 'light'];
  const dot = (color: string, round = false) => (
    <span className="dc-swatch" style={{ background: color, borderRadius: round ? '50%' : undefined }} aria-hidden />
  );
  return (
    <Flex wrap gap={16} style={{ fontSize: 12 }} aria-label={t('legend.title')} role="group">
      {!proceduresOnly && (
        <Space size={[10, 4]} wrap>
          <Typography.Text type="secondary">{t('legend.colours')}</Typography.Text>
          {PALETTE.map((p) => (
            <Space key={p.key} size={4}>
              {dot(p.color)}
              <span>{t(`palette.${p.key}`)}</span>
            </Space>
          ))}
        </Space>
      )}
      {!proceduresOnly && (
        <Space size={[10, 4]} wrap>
          <Typography.Text type="secondary">{t('legend.status')}</Typography.Text>
          {TOOTH_EXTRA_STATUSES.map((s) => (
            <Space key={s} size={4}>
              {dot(STATUS_COLORS[s])}
              <span>{t(`status.${s}`)}</span>
            </Space>
          ))}
        </Space>
      )}
      {(procedures || proceduresOnly) && (
        <Space size={[10, 4]} wrap data-testid="procedure-legend">
          <Typography.Text type="secondary">{t('legend.procedures')}</Typography.Text>
          {(['planned', 'completed'] as const).map((kind) => (
            <Space key={kind} size={4}>
              <ProcedureSwatch kind={kind} color={procedureColors[kind]} background={token.colorBgContainer} />
              <span>{t(kind === 'planned' ? 'legend.procedurePlanned' : 'legend.procedureCompleted')}</span>
            </Space>
          ))}
        </Space>
      )}
      {!proceduresOnly && (
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
      )}
      <Typography.Text type="secondary">{t('legend.keyboard')}</Typography.Text>
    </Flex>
  );
}
