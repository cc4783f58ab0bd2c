import { type ToothExtraStatus, type ToothSurface, isAnterior, isPatientRight, positionOf } from '@dental/contract';

/** One tooth's drawing cell (spec §9: teeth drawing size 33x110), in SVG user units. */
export const TOOTH_W = 33;
export const TOOTH_H = 110;

/**
 * The drawing of an UPPER tooth, root up and crown down towards the bite; lower teeth use the same drawing
 * mirrored vertically, so their crowns face the upper ones. The number label sits at the outer end of the cell.
 */
export const LABEL_Y = 11;
const CROWN = { x0: 2, y0: 74, x1: 31, y1: 103 };
export const CROWN_BOX = CROWN;
export const ROOT_TOP = 18;

/** The crown's centre square (O); on front teeth a flatter bar, the incisal edge. */
function centre(tooth: number) {
  return isAnterior(tooth) ? { x0: 9, y0: 85, x1: 24, y1: 92 } : { x0: 10, y0: 82, x1: 23, y1: 95 };
}

const pts = (p: Array<[number, number]>) => p.map(([x, y]) => `${x},${y}`).join(' ');

/**
 * The five crown surfaces as polygons in the upper-tooth drawing. B (buccal/labial) is the outer side, towards
 * the root end of the cell; L (lingual/palatal) faces the other arch; M (mesial) is the side towards the
 * midline, which is the viewer's right for the patient's right-side teeth and the viewer's left otherwise.
 */
export function surfacePolygons(tooth: number): Record<ToothSurface, string> {
  const o = CROWN;
  const i = centre(tooth);
  const top = pts([[o.x0, o.y0], [o.x1, o.y0], [i.x1, i.y0], [i.x0, i.y0]]);
  const bottom = pts([[o.x0, o.y1], [o.x1, o.y1], [i.x1, i.y1], [i.x0, i.y1]]);
  const left = pts([[o.x0, o.y0], [i.x0, i.y0], [i.x0, i.y1], [o.x0, o.y1]]);
  const right = pts([[o.x1, o.y0], [i.x1, i.y0], [i.x1, i.y1], [o.x1, o.y1]]);
  const mesialIsRight = isPatientRight(tooth);
  return {
    B: top,
    L: bottom,
    M: mesialIsRight ? right : left,
    D: mesialIsRight ? left : right,
    O: pts([[i.x0, i.y0], [i.x1, i.y0], [i.x1, i.y1], [i.x0, i.y1]]),
  };
}

/** Molars (and child molars) have two roots in the drawing; the other teeth one tapered root. */
export function rootPath(tooth: number): string {
  const molar = positionOf(tooth) >= (tooth > 50 ? 4 : 6);
  return molar
    ? 'M4 74 C4 54 6 32 9 19 C12 30 14 44 16.5 50 C19 44 21 30 24 19 C27 32 29 54 29 74 Z'
    : 'M6 74 C6 52 11 26 16.5 18 C22 26 27 52 27 74 Z';
}

/** Marker colours of extras by status: planned red, existing blue, done green (the usual charting colours). */
export const STATUS_COLORS: Record<ToothExtraStatus, string> = {
  planned: '#d4380d',
  existing: '#1d39c4',
  done: '#389e0d',
};

/** The clinic palette offered for colouring teeth and surfaces; each colour has a name in the legend. */
export const PALETTE = [
  { key: 'caries', color: '#e53935' },
  { key: 'filling', color: '#1e88e5' },
  { key: 'crown', color: '#f9a825' },
  { key: 'rootCanal', color: '#8e24aa' },
  { key: 'fracture', color: '#6d4c41' },
  { key: 'watch', color: '#fb8c00' },
  { key: 'sound', color: '#43a047' },
] as const;

/**
 * Colours of the patient's procedures on the chart, per theme; each also has its own shape so it reads without
 * colour: planned (and in progress) = dashed outline + "P", completed = solid outline, hatched surfaces + check.
 * Contrast against the chart background is above 4.5:1 in both themes.
 */
export const PROCEDURE_COLORS = {
  light: { planned: '#ad4e00', completed: '#237804' },
  dark: { planned: '#ffa940', completed: '#95de64' },
} as const;

/** Whether a '#rrggbb' background is dark (the dark theme's container). */
export function isDarkColor(color: string): boolean {
  const hex = color.trim().replace(/^#/, '');
  if (!/^[0-9a-f]{6}/i.test(hex)) return false;
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
  return (r * 299 + g * 587 + b * 114) / 1000 < 128;
}
