import { ClearOutlined, DeleteOutlined, FormatPainterOutlined, PlusOutlined } from '@ant-design/icons';
import {
  type Dentition,
  type ToothExtraCode,
  type ToothExtraStatus,
  type ToothSurface,
  TOOTH_EXTRA_CODES,
  TOOTH_EXTRA_STATUSES,
  TOOTH_SURFACES,
} from '@dental/contract';
import { Button, ColorPicker, Divider, Flex, Popconfirm, Segmented, Select, Space, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Selection, selectedTeeth, surfaceButtonState } from '../chart-state';
import { PALETTE } from './tooth-geometry';

interface ChartToolbarProps {
  dentition: Dentition;
  onDentition: (d: Dentition) => void;
  selection: Selection;
  onToggleSurface: (code: ToothSurface) => void;
  onClearSelection: () => void;
  color: string;
  onColor: (color: string) => void;
  /** Shown only to users who may chart (patient_edit or patient_procedures). */
  canWrite: boolean;
  busy: boolean;
  onColourTeeth: () => void;
  onColourSurfaces: () => void;
  onErase: () => void;
  onSetExtra: (code: ToothExtraCode, status: ToothExtraStatus) => void;
  onClear: () => void;
}

/** Above the chart: dentition, selection and surfaces, the colour palette, and the charting actions. */
export function ChartToolbar(p: ChartToolbarProps) {
  const { t } = useTranslation('dental-chart');
  const { t: tc } = useTranslation();
  const [extra, setExtra] = useState<ToothExtraCode>('crown');
  const [status, setStatus] = useState<ToothExtraStatus>('planned');
  const count = selectedTeeth(p.selection).length;

  return (
    <Flex vertical gap={10}>
      <Flex wrap gap={12} align="center" justify="space-between">
        <Segmented<Dentition>
          value={p.dentition}
          onChange={p.onDentition}
          options={[
            { value: 'adult', label: t('dentition.adult') },
            { value: 'child', label: t('dentition.child') },
          ]}
          aria-label={t('dentition.label')}
        />
        <Space size="small" wrap>
          <Typography.Text type="secondary" aria-live="polite">
            {count ? t('selection.count', { count }) : t('selection.none')}
          </Typography.Text>
          {count > 0 && (
            <Button size="small" type="link" onClick={p.onClearSelection}>
              {t('selection.clear')}
            </Button>
          )}
        </Space>
      </Flex>

      <Flex wrap gap={8} align="center">
        <Typography.Text strong>{t('toolbar.surfaces')}</Typography.Text>
        {TOOTH_SURFACES.map((code) => {
          const state = surfaceButtonState(p.selection, code);
          return (
            <Tooltip key={code} title={t(`surfaces.${code}`)}>
              <Button
                size="small"
                type={state === 'all' ? 'primary' : state === 'some' ? 'dashed' : 'default'}
                aria-pressed={state === 'all'}
                aria-label={t(`surfaces.${code}`)}
                disabled={!count}
                onClick={() => p.onToggleSurface(code)}
              >
                {code}
              </Button>
            </Tooltip>
          );
        })}
      </Flex>

      {p.canWrite && (
        <>
          <Divider style={{ margin: '2px 0' }} />
          <Flex wrap gap={8} align="center">
            <Typography.Text strong>{t('toolbar.colour')}</Typography.Text>
            <Space size={6} wrap role="group" aria-label={t('toolbar.palette')}>
              {PALETTE.map((swatch) => (
                <Tooltip key={swatch.key} title={t(`palette.${swatch.key}`)}>
                  <button
                    type="button"
                    className="dc-palette-button"
                    style={{ background: swatch.color }}
                    aria-label={t(`palette.${swatch.key}`)}
                    aria-pressed={p.color === swatch.color}
                    onClick={() => p.onColor(swatch.color)}
                  />
                </Tooltip>
              ))}
              <ColorPicker
                size="small"
                disabledAlpha
                format="hex"
                value={p.color}
                onChangeComplete={(c) => p.onColor(c.toHexString().toLowerCase())}
                aria-label={t('toolbar.customColour')}
              />
            </Space>
            <Button icon={<FormatPainterOutlined />} loading={p.busy} onClick={p.onColourTeeth}>
              {t('actions.colourTeeth')}
            </Button>
            <Button icon={<FormatPainterOutlined />} loading={p.busy} onClick={p.onColourSurfaces}>
              {t('actions.colourSurfaces')}
            </Button>
            <Button icon={<ClearOutlined />} loading={p.busy} onClick={p.onErase}>
              {t('actions.erase')}
            </Button>
          </Flex>
          <Flex wrap gap={8} align="center">
            <Typography.Text strong>{t('toolbar.extra')}</Typography.Text>
            <Select<ToothExtraCode>
              value={extra}
              onChange={setExtra}
              style={{ minWidth: 150 }}
              aria-label={t('toolbar.extra')}
              options={TOOTH_EXTRA_CODES.map((code) => ({ value: code, label: t(`extras.${code}`) }))}
            />
            <Segmented<ToothExtraStatus>
              value={status}
              onChange={setStatus}
              aria-label={t('toolbar.status')}
              options={TOOTH_EXTRA_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
            />
            <Button icon={<PlusOutlined />} loading={p.busy} onClick={() => p.onSetExtra(extra, status)}>
              {t('actions.setExtra')}
            </Button>
            <Popconfirm
              title={t('actions.clearTitle')}
              description={t('actions.clearConfirm', { count })}
              okText={t('actions.clear')}
              okButtonProps={{ danger: true }}
              cancelText={tc('actions.cancel')}
              onConfirm={p.onClear}
              disabled={!count}
            >
              <Button danger icon={<DeleteOutlined />} loading={p.busy} disabled={!count}>
                {t('actions.clear')}
              </Button>
            </Popconfirm>
          </Flex>
        </>
      )}
    </Flex>
  );
}
