import { type ChartedTooth, type ToothExtra, type ToothSurface, TOOTH_SURFACES, positionOf } from '@dental/contract';
import { type KeyboardEvent, memo } from 'react';
import { CROWN_BOX, LABEL_Y, ROOT_TOP, STATUS_COLORS, TOOTH_H, TOOTH_W, rootPath, surfacePolygons } from './tooth-geometry';

export interface ChartColors {
  line: string;
  background: string;
  primary: string;
  text: string;
  notes: string;
  canals: string;
  /** The patient's procedures: planned (and in progress) and completed. */
  planned: string;
  completed: string;
}

/** What the patient's procedures draw on a tooth (features/patient-procedures proceduresByTooth). */
export interface ToothProcedureMarks {
  plannedWhole: boolean;
  completedWhole: boolean;
  plannedSurfaces: readonly ToothSurface[];
  completedSurfaces: readonly ToothSurface[];
}

export interface ToothGlyphProps {
  tooth: number;
  x: number;
  y: number;
  lower: boolean;
  state: ChartedTooth | undefined;
  /** The number shown under the tooth, in the user's numbering system. */
  label: string;
  ariaLabel: string;
  tooltip: string;
  surfaceNames: Record<ToothSurface, string>;
  selected: boolean;
  picked: readonly ToothSurface[];
  notes: number;
  canals: number;
  /** The patient's procedures on this tooth, when the chart shows them. */
  procedures?: ToothProcedureMarks;
  /** Roving focus: only one tooth of the chart is in the tab order. */
  tabbable: boolean;
  colors: ChartColors;
  onToggle: (tooth: number) => void;
  onSurface: (tooth: number, code: ToothSurface) => void;
  onKeyDown: (event: KeyboardEvent<SVGGElement>, tooth: number) => void;
  onFocus: (tooth: number) => void;
  focusRef: (tooth: number, el: SVGGElement | null) => void;
}

const badgeText = (n: number) => (n > 9 ? '9+' : String(n));

/** The marks of extras on the upper-tooth drawing (mirrored with it for lower teeth). */
function ExtraMark({ extra, tooth }: { extra: ToothExtra; tooth: number }) {
  const stroke = STATUS_COLORS[extra.status];
  const c = CROWN_BOX;
  const common = { stroke, fill: 'none', strokeLinecap: 'round' as const, pointerEvents: 'none' as const };
  switch (extra.code) {
    case 'missing':
      return (
        <g {...common} strokeWidth={2.5}>
          <line x1={4} y1={ROOT_TOP} x2={29} y2={c.y1} />
          <line x1={29} y1={ROOT_TOP} x2={4} y2={c.y1} />
        </g>
      );
    case 'extraction':
      return <line {...common} strokeWidth={3} x1={29} y1={ROOT_TOP - 2} x2={4} y2={c.y1 + 2} />;
    case 'crown':
      return <rect {...common} strokeWidth={2.5} x={c.x0 - 1} y={c.y0 - 1} width={c.x1 - c.x0 + 2} height={c.y1 - c.y0 + 2} rx={3} />;
    case 'bridge':
      return <line {...common} strokeWidth={3} strokeLinecap="butt" x1={0} y1={70} x2={TOOTH_W} y2={70} />;
    case 'veneer':
      return <line {...common} strokeWidth={3} x1={c.x0 + 2} y1={c.y0 + 1.5} x2={c.x1 - 2} y2={c.y0 + 1.5} />;
    case 'implant':
      return (
        <g {...common} strokeWidth={1.6}>
          <rect x={13} y={ROOT_TOP + 6} width={7} height={48} rx={2} />
          {[30, 38, 46, 54, 62].map((y) => (
            <line key={y} x1={10} y1={y} x2={23} y2={y - 3} />
          ))}
        </g>
      );
    case 'rootCanal': {
      const molar = positionOf(tooth) >= (tooth > 50 ? 4 : 6);
      return molar ? (
        <g {...common} strokeWidth={2.2}>
          <polyline points={`16.5,74 10,${ROOT_TOP + 6}`} />
          <polyline points={`16.5,74 23,${ROOT_TOP + 6}`} />
        </g>
      ) : (
        <line {...common} strokeWidth={2.2} x1={16.5} y1={ROOT_TOP + 5} x2={16.5} y2={74} />
      );
    }
    case 'filling':
      return <circle cx={16.5} cy={(c.y0 + c.y1) / 2} r={3.4} fill={stroke} stroke="#fff" strokeWidth={1} pointerEvents="none" />;
    case 'sealant':
      return <rect {...common} strokeWidth={1.6} strokeDasharray="2 1.5" x={8} y={80} width={17} height={17} />;
  }
}

/**
 * The patient's procedures on the upper-tooth drawing: a planned one on the whole tooth is a dashed outline around
 * root and crown, a completed one a solid outline; planned surfaces get a dashed outline, completed ones a solid
 * outline over a hatch (the pattern `dc-hatch-completed` of the odontogram). Shapes, not only colours, tell them apart.
 */
function ProcedureMarks({ marks, polygons, colors }: { marks: ToothProcedureMarks; polygons: Record<ToothSurface, string>; colors: ChartColors }) {
  const c = CROWN_BOX;
  return (
    <g pointerEvents="none" fill="none" strokeLinejoin="round" className="dc-procedures">
      {marks.completedWhole && (
        <rect data-mark="completed" x={c.x0 - 1.5} y={ROOT_TOP - 3} width={c.x1 - c.x0 + 3} height={c.y1 - ROOT_TOP + 4.5} rx={5} stroke={colors.completed} strokeWidth={2.2} />
      )}
      {marks.plannedWhole && (
        <rect data-mark="planned" x={c.x0 - 0.5} y={ROOT_TOP - 2} width={c.x1 - c.x0 + 1} height={c.y1 - ROOT_TOP + 2.5} rx={4} stroke={colors.planned} strokeWidth={2} strokeDasharray="4 2.5" />
      )}
      {marks.completedSurfaces.map((code) => (
        <polygon key={`c${code}`} data-mark="completed" data-surface={code} points={polygons[code]} fill="url(#dc-hatch-completed)" stroke={colors.completed} strokeWidth={1.8} />
      ))}
      {marks.plannedSurfaces.map((code) => (
        <polygon key={`p${code}`} data-mark="planned" data-surface={code} points={polygons[code]} stroke={colors.planned} strokeWidth={1.8} strokeDasharray="2.5 1.5" />
      ))}
    </g>
  );
}

/** The letter marks in the root area: "P" in a dashed ring for planned, a check in a filled disc for completed. */
function ProcedureBadges({ marks, colors, y }: { marks: ToothProcedureMarks; colors: ChartColors; y: number }) {
  const planned = marks.plannedWhole || marks.plannedSurfaces.length > 0;
  const completed = marks.completedWhole || marks.completedSurfaces.length > 0;
  if (!planned && !completed) return null;
  const both = planned && completed;
  return (
    <g pointerEvents="none" className="dc-procedure-badges">
      {planned && (
        <g data-badge="planned" transform={`translate(${both ? 9.5 : 16.5} ${y})`}>
          <circle r={6} fill={colors.background} stroke={colors.planned} strokeWidth={1.4} strokeDasharray="2.2 1.4" />
          <text y={3} textAnchor="middle" fontSize={8.5} fontWeight={700} fill={colors.planned}>
            P
          </text>
        </g>
      )}
      {completed && (
        <g data-badge="completed" transform={`translate(${both ? 23.5 : 16.5} ${y})`}>
          <circle r={6} fill={colors.completed} />
          <polyline points="-3,0 -0.8,2.6 3.2,-2.4" fill="none" stroke={colors.background} strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" />
        </g>
      )}
    </g>
  );
}

/**
 * One tooth of the odontogram in its 33×110 cell: root and crown with five clickable surfaces, extras marks,
 * custom parts (coloured dots), extensions (connectors), the number label and the notes and canals badges.
 * The whole tooth is a focusable button: Enter or Space picks it.
 */
export const ToothGlyph = memo(function ToothGlyph(p: ToothGlyphProps) {
  const { tooth, state, colors } = p;
  const polygons = surfacePolygons(tooth);
  const toothColor = state?.color ?? null;
  const missing = state?.extras.some((e) => e.code === 'missing' || (e.code === 'extraction' && e.status !== 'planned'));
  // lower teeth: the same drawing flipped top to bottom inside the cell
  const mirror = p.lower ? `translate(0 ${TOOTH_H}) scale(1 -1)` : undefined;
  const labelY = p.lower ? TOOTH_H - LABEL_Y + 8 : LABEL_Y;
  const badgeY = p.lower ? TOOTH_H - 6 : 6;

  return (
    <g
      ref={(el) => p.focusRef(tooth, el)}
      className={`dc-tooth${p.selected ? ' dc-tooth-selected' : ''}`}
      transform={`translate(${p.x} ${p.y})`}
      role="button"
      tabIndex={p.tabbable ? 0 : -1}
      aria-label={p.ariaLabel}
      aria-pressed={p.selected}
      data-tooth={tooth}
      onClick={() => p.onToggle(tooth)}
      onKeyDown={(e) => p.onKeyDown(e, tooth)}
      onFocus={() => p.onFocus(tooth)}
    >
      <title>{p.tooltip}</title>
      <rect
        className="dc-tooth-cell"
        x={0.5}
        y={0.5}
        width={TOOTH_W - 1}
        height={TOOTH_H - 1}
        rx={4}
        fill={p.selected ? colors.primary : 'transparent'}
        fillOpacity={p.selected ? 0.12 : 0}
        stroke={p.selected ? colors.primary : 'none'}
        strokeWidth={1.2}
      />
      <rect className="dc-tooth-focus" x={1} y={1} width={TOOTH_W - 2} height={TOOTH_H - 2} rx={4} fill="none" stroke={colors.primary} strokeWidth={1.6} strokeDasharray="3 2" />
      <g transform={mirror} opacity={missing ? 0.35 : 1}>
        <path d={rootPath(tooth)} fill={toothColor ?? colors.background} stroke={colors.line} strokeWidth={1} />
        {TOOTH_SURFACES.map((code) => {
          const picked = p.picked.includes(code);
          return (
            <polygon
              key={code}
              className="dc-surface"
              data-surface={code}
              points={polygons[code]}
              fill={state?.surfaces[code] ?? toothColor ?? colors.background}
              stroke={picked ? colors.primary : colors.line}
              strokeWidth={picked ? 2 : 0.8}
              strokeLinejoin="round"
              onClick={(e) => {
                e.stopPropagation();
                p.onSurface(tooth, code);
              }}
            >
              <title>{p.surfaceNames[code]}</title>
            </polygon>
          );
        })}
        {p.picked.length > 0 && (
          // a picked surface is drawn again on top so its thick outline is not hidden by its neighbours
          <g pointerEvents="none">
            {p.picked.map((code) => (
              <polygon key={code} points={polygons[code]} fill="none" stroke={colors.primary} strokeWidth={2} strokeLinejoin="round" />
            ))}
          </g>
        )}
        {(state?.parts ?? []).slice(0, 3).map((part, i) => (
          <circle key={i} cx={10 + i * 6.5} cy={64} r={2.8} fill={part.color} stroke={colors.line} strokeWidth={0.6} pointerEvents="none" />
        ))}
        {(state?.extensions.length ?? 0) > 0 && (
          // connectors on both sides of the crown, reaching the neighbouring teeth
          <g stroke={colors.text} strokeWidth={4} strokeLinecap="round" pointerEvents="none">
            <line x1={-1} y1={88.5} x2={CROWN_BOX.x0 + 1} y2={88.5} />
            <line x1={CROWN_BOX.x1 - 1} y1={88.5} x2={TOOTH_W + 1} y2={88.5} />
          </g>
        )}
      </g>
      <g transform={mirror}>
        {(state?.extras ?? []).map((extra) => (
          <ExtraMark key={extra.code} extra={extra} tooth={tooth} />
        ))}
        {p.procedures && <ProcedureMarks marks={p.procedures} polygons={polygons} colors={colors} />}
      </g>
      {p.procedures && <ProcedureBadges marks={p.procedures} colors={colors} y={p.lower ? TOOTH_H - 46 : 46} />}
      <text
        className="dc-tooth-label"
        x={TOOTH_W / 2}
        y={labelY}
        textAnchor="middle"
        fontSize={10.5}
        fontWeight={p.selected ? 700 : 500}
        fill={p.selected ? colors.primary : colors.text}
        direction="ltr"
      >
        {p.label}
      </text>
      {p.notes > 0 && (
        <g className="dc-badge dc-badge-notes" data-count={p.notes} pointerEvents="none">
          <circle cx={4.5} cy={badgeY} r={4.5} fill={colors.notes} />
          <text x={4.5} y={badgeY + 2.4} textAnchor="middle" fontSize={6.5} fontWeight={700} fill="#fff">
            {badgeText(p.notes)}
          </text>
        </g>
      )}
      {p.canals > 0 && (
        <g className="dc-badge dc-badge-canals" data-count={p.canals} pointerEvents="none">
          <circle cx={TOOTH_W - 4.5} cy={badgeY} r={4.5} fill={colors.canals} />
          <text x={TOOTH_W - 4.5} y={badgeY + 2.4} textAnchor="middle" fontSize={6.5} fontWeight={700} fill="#fff">
            {badgeText(p.canals)}
          </text>
        </g>
      )}
    </g>
  );
});
