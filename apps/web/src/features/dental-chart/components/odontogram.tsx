import {
  type ChartedTooth,
  type Dentition,
  type ToothNumbering,
  type ToothSurface,
  TOOTH_SURFACES,
  chartRows,
  neighbourOnArch,
  opposingTooth,
  toothCode,
  toothLabel,
} from '@dental/contract';
import { theme } from 'antd';
import { type KeyboardEvent, useCallback, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { type Selection, isSelected, surfacesOf } from '../chart-state';
import { PROCEDURE_COLORS, TOOTH_H, TOOTH_W, isDarkColor } from './tooth-geometry';
import { type ChartColors, type ToothProcedureMarks, ToothGlyph } from './tooth-glyph';
import './odontogram.css';

interface OdontogramProps {
  dentition: Dentition;
  numbering: ToothNumbering;
  chart: readonly ChartedTooth[];
  notes: Map<number, number>;
  canals: Map<number, number>;
  selection: Selection;
  /** The patient's procedures to draw, by tooth (the procedures tab and the chart tab). */
  procedures?: ReadonlyMap<number, ToothProcedureMarks>;
  onToggleTooth: (tooth: number) => void;
  onToggleSurface: (tooth: number, code: ToothSurface) => void;
}

/** Below antd's `sm` (576 px) a phone draws the two halves of the mouth one above the other. */
const PHONE_QUERY = '(max-width: 575.98px)';
const usePhone = () =>
  useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia(PHONE_QUERY);
      query.addEventListener?.('change', onChange);
      return () => query.removeEventListener?.('change', onChange);
    },
    () => window.matchMedia(PHONE_QUERY).matches,
    () => false,
  );

const PAD = 4;
const MIDLINE_GAP = 10;
const ARCH_GAP = 14;

/**
 * The odontogram: upper and lower arch as the dentist faces the patient, so the patient's right (quadrants 1
 * and 4, child 5 and 8) is on the viewer's LEFT in every language; the drawing is kept left-to-right even in
 * the Arabic interface. Arrow keys move along an arch (left, right) and across to the opposing tooth (up,
 * down); Home and End jump to the ends of the arch; Enter or Space picks the tooth.
 */
export function Odontogram(p: OdontogramProps) {
  const { t } = useTranslation('dental-chart');
  const { token } = theme.useToken();
  const split = usePhone();
  const rows = useMemo(() => chartRows(p.dentition), [p.dentition]);
  const perSide = rows.upper.length / 2;
  const width = PAD * 2 + rows.upper.length * TOOTH_W + MIDLINE_GAP;
  const height = PAD * 2 + TOOTH_H * 2 + ARCH_GAP;
  const xOf = (index: number) => PAD + index * TOOTH_W + (index >= perSide ? MIDLINE_GAP : 0);

  const [focused, setFocused] = useState<number | null>(null);
  const tabbable = focused !== null && rows.upper.concat(rows.lower).includes(focused) ? focused : rows.upper[0]!;
  const elements = useRef(new Map<number, SVGGElement>());
  const focusRef = useCallback((tooth: number, el: SVGGElement | null) => {
    if (el) elements.current.set(tooth, el);
    else elements.current.delete(tooth);
  }, []);
  const { onToggleTooth } = p;
  const onFocus = useCallback((tooth: number) => setFocused(tooth), []);

  const onKeyDown = useCallback(
    (event: KeyboardEvent<SVGGElement>, tooth: number) => {
      const row = rows.upper.includes(tooth) ? rows.upper : rows.lower;
      let next: number | null = null;
      switch (event.key) {
        case 'ArrowLeft':
          next = neighbourOnArch(tooth, -1);
          break;
        case 'ArrowRight':
          next = neighbourOnArch(tooth, 1);
          break;
        case 'ArrowUp':
        case 'ArrowDown':
          next = opposingTooth(tooth);
          break;
        case 'Home':
          next = row[0]!;
          break;
        case 'End':
          next = row.at(-1)!;
          break;
        case 'Enter':
        case ' ':
          event.preventDefault();
          onToggleTooth(tooth);
          return;
        default:
          return;
      }
      event.preventDefault();
      if (next !== null) elements.current.get(next)?.focus();
    },
    [rows, onToggleTooth],
  );

  const colors: ChartColors = useMemo(
    () => ({
      line: token.colorTextSecondary,
      background: token.colorBgContainer,
      primary: token.colorPrimary,
      text: token.colorText,
      notes: '#1677ff',
      canals: '#722ed1',
      ...PROCEDURE_COLORS[isDarkColor(token.colorBgContainer) ? 'dark' : 'light'],
    }),
    [token.colorTextSecondary, token.colorBgContainer, token.colorPrimary, token.colorText],
  );
  const surfaceNames = useMemo(
    () => Object.fromEntries(TOOTH_SURFACES.map((c) => [c, t(`surfaces.${c}`)])) as Record<ToothSurface, string>,
    [t],
  );
  const byTooth = useMemo(() => new Map(p.chart.map((c) => [c.tooth, c])), [p.chart]);

  const describe = (tooth: number) => {
    const code = toothCode(tooth, p.numbering);
    const parts = [t('tooth.name', { code })];
    const state = byTooth.get(tooth);
    for (const extra of state?.extras ?? []) parts.push(`${t(`extras.${extra.code}`)} (${t(`status.${extra.status}`)})`);
    const notes = p.notes.get(tooth) ?? 0;
    const canals = p.canals.get(tooth) ?? 0;
    if (notes) parts.push(t('tooth.notesCount', { count: notes }));
    if (canals) parts.push(t('tooth.canalsCount', { count: canals }));
    const procedures = p.procedures?.get(tooth);
    if (procedures?.plannedWhole || procedures?.plannedSurfaces.length) parts.push(t('legend.procedurePlanned'));
    if (procedures?.completedWhole || procedures?.completedSurfaces.length) parts.push(t('legend.procedureCompleted'));
    return parts.join(' · ');
  };

  const renderRow = (teeth: number[], lower: boolean, x: (index: number) => number) =>
    teeth.map((tooth, i) => (
      <ToothGlyph
        key={tooth}
        tooth={tooth}
        x={x(i)}
        y={lower ? PAD + TOOTH_H + ARCH_GAP : PAD}
        lower={lower}
        state={byTooth.get(tooth)}
        label={toothLabel(tooth, p.numbering)}
        ariaLabel={t('tooth.name', { code: toothCode(tooth, p.numbering) })}
        tooltip={describe(tooth)}
        surfaceNames={surfaceNames}
        selected={isSelected(p.selection, tooth)}
        picked={surfacesOf(p.selection, tooth)}
        notes={p.notes.get(tooth) ?? 0}
        canals={p.canals.get(tooth) ?? 0}
        procedures={p.procedures?.get(tooth)}
        tabbable={tooth === tabbable}
        colors={colors}
        onToggle={onToggleTooth}
        onSurface={p.onToggleSurface}
        onKeyDown={onKeyDown}
        onFocus={onFocus}
        focusRef={focusRef}
      />
    ));

  const hatch = (
    <defs>
      <pattern id="dc-hatch-completed" width={4} height={4} patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
        <rect width={4} height={4} fill={colors.completed} fillOpacity={0.18} />
        <line x1={0} y1={0} x2={0} y2={4} stroke={colors.completed} strokeWidth={1.6} />
      </pattern>
    </defs>
  );
  const biteLine = (w: number) => (
    <line
      x1={PAD}
      x2={w - PAD}
      y1={PAD + TOOTH_H + ARCH_GAP / 2}
      y2={PAD + TOOTH_H + ARCH_GAP / 2}
      stroke={token.colorBorder}
      strokeDasharray="3 3"
      aria-hidden
    />
  );

  if (split) {
    // A phone (issue 18): the two halves one above the other, each under its own side's label, so every tooth is
    // drawn at least at its full size (33 units wide) without a sideways scroll. Keys still move across halves.
    const halfWidth = PAD * 2 + perSide * TOOTH_W;
    const halves = [
      { key: 'right', label: t('chart.patientRight'), from: 0 },
      { key: 'left', label: t('chart.patientLeft'), from: perSide },
    ];
    return (
      <div dir="ltr" className="dc-odontogram dc-odontogram-split" role="group" aria-label={t(`chart.title.${p.dentition}`)}>
        {halves.map((half, h) => (
          <div key={half.key} className="dc-half">
            <div className="dc-half-label">{half.label}</div>
            <svg
              viewBox={`0 0 ${halfWidth} ${height}`}
              width="100%"
              style={{ maxWidth: halfWidth * 1.6, direction: 'ltr' }}
              role="group"
              aria-label={half.label}
              data-numbering={p.numbering}
            >
              {biteLine(halfWidth)}
              {h === 0 && hatch}
              {renderRow(rows.upper.slice(half.from, half.from + perSide), false, (i) => PAD + i * TOOTH_W)}
              {renderRow(rows.lower.slice(half.from, half.from + perSide), true, (i) => PAD + i * TOOTH_W)}
            </svg>
          </div>
        ))}
      </div>
    );
  }

  const midX = xOf(perSide) - MIDLINE_GAP / 2;
  return (
    // The chart reads the same in Arabic: the patient's right is always on the viewer's left.
    <div dir="ltr" className="dc-odontogram">
      <div className="dc-sides" aria-hidden>
        <span>{t('chart.patientRight')}</span>
        <span>{t('chart.patientLeft')}</span>
      </div>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        width="100%"
        style={{ maxWidth: width * 1.9, direction: 'ltr' }}
        role="group"
        aria-label={t(`chart.title.${p.dentition}`)}
        data-numbering={p.numbering}
      >
        <line
          x1={midX}
          x2={midX}
          y1={PAD}
          y2={height - PAD}
          stroke={token.colorBorder}
          strokeDasharray="3 3"
          aria-hidden
        />
        {biteLine(width)}
        {hatch}
        {renderRow(rows.upper, false, xOf)}
        {renderRow(rows.lower, true, xOf)}
      </svg>
    </div>
  );
}
