import {
  type ChartedTooth,
  type ErrorCode,
  type ToothChange,
  type ToothExtra,
  type ToothExtraCode,
  type ToothExtraStatus,
  type ToothSurface,
  TOOTH_SURFACES,
} from '@dental/contract';

/**
 * What the user picked on the chart: the selected teeth, each with the surfaces picked on it (none = the whole
 * tooth). Kept as a plain object so React state updates stay simple; `order` remembers the picking order.
 */
export interface Selection {
  teeth: Record<number, ToothSurface[]>;
  order: number[];
}

export const EMPTY_SELECTION: Selection = { teeth: {}, order: [] };

export const selectedTeeth = (s: Selection): number[] => s.order.filter((t) => t in s.teeth);
export const isSelected = (s: Selection, tooth: number) => tooth in s.teeth;
export const surfacesOf = (s: Selection, tooth: number): ToothSurface[] => s.teeth[tooth] ?? [];

const sortSurfaces = (codes: ToothSurface[]) => TOOTH_SURFACES.filter((c) => codes.includes(c));

/** Picks or drops a tooth (dropping forgets its surfaces). */
export function toggleTooth(s: Selection, tooth: number): Selection {
  if (isSelected(s, tooth)) {
    const teeth = { ...s.teeth };
    delete teeth[tooth];
    return { teeth, order: s.order.filter((t) => t !== tooth) };
  }
  return { teeth: { ...s.teeth, [tooth]: [] }, order: [...s.order.filter((t) => t !== tooth), tooth] };
}

/** Picks or drops one surface of a tooth; picking a surface picks its tooth. */
export function toggleSurface(s: Selection, tooth: number, code: ToothSurface): Selection {
  const current = surfacesOf(s, tooth);
  const next = current.includes(code) ? current.filter((c) => c !== code) : sortSurfaces([...current, code]);
  const order = isSelected(s, tooth) ? s.order : [...s.order, tooth];
  return { teeth: { ...s.teeth, [tooth]: next }, order };
}

/**
 * The surface buttons of the toolbar: picks `code` on every selected tooth, or drops it from all of them when
 * every one already has it.
 */
export function toggleSurfaceOnSelected(s: Selection, code: ToothSurface): Selection {
  const teeth = selectedTeeth(s);
  if (!teeth.length) return s;
  const all = teeth.every((t) => surfacesOf(s, t).includes(code));
  const next = { ...s.teeth };
  for (const t of teeth)
    next[t] = all ? surfacesOf(s, t).filter((c) => c !== code) : sortSurfaces([...surfacesOf(s, t), code]);
  return { ...s, teeth: next };
}

/** The state of a surface button: every selected tooth has it, some do, or none. */
export function surfaceButtonState(s: Selection, code: ToothSurface): 'all' | 'some' | 'none' {
  const teeth = selectedTeeth(s);
  const count = teeth.filter((t) => surfacesOf(s, t).includes(code)).length;
  return count === 0 ? 'none' : count === teeth.length ? 'all' : 'some';
}

/** Either the changes to send with SavePatientTeeth, or the catalogue code that says what is missing. */
export type Changes = { changes: ToothChange[] } | { error: ErrorCode };

const needTeeth = (s: Selection): { error: ErrorCode } | null =>
  selectedTeeth(s).length ? null : { error: 'select_tooth' };

/** Whole-tooth colour of every selected tooth (null removes it). */
export function colourTeeth(s: Selection, color: string | null): Changes {
  return needTeeth(s) ?? { changes: selectedTeeth(s).map((tooth) => ({ tooth, color })) };
}

/** Paints the picked surfaces of the selected teeth (null removes their colours); teeth with none picked are left. */
export function colourSurfaces(s: Selection, color: string | null): Changes {
  const missing = needTeeth(s);
  if (missing) return missing;
  const changes = selectedTeeth(s)
    .filter((t) => surfacesOf(s, t).length)
    .map((tooth) => ({ tooth, surfaces: { codes: surfacesOf(s, tooth), color } }));
  return changes.length ? { changes } : { error: 'select_surface' };
}

/**
 * The eraser: on a tooth with picked surfaces it removes those surfaces' colours; on a tooth picked whole it
 * removes the tooth colour and every surface colour.
 */
export function eraseColours(s: Selection): Changes {
  const missing = needTeeth(s);
  if (missing) return missing;
  return {
    changes: selectedTeeth(s).map((tooth): ToothChange => {
      const picked = surfacesOf(s, tooth);
      return picked.length
        ? { tooth, surfaces: { codes: picked, color: null } }
        : { tooth, color: null, surfaces: { codes: [...TOOTH_SURFACES], color: null } };
    }),
  };
}

const chartedOf = (chart: readonly ChartedTooth[], tooth: number) => chart.find((c) => c.tooth === tooth);

/** Sets extra `code` with `status` on every selected tooth (replacing its earlier status there). */
export function setExtra(s: Selection, chart: readonly ChartedTooth[], code: ToothExtraCode, status: ToothExtraStatus): Changes {
  const missing = needTeeth(s);
  if (missing) return missing;
  return {
    changes: selectedTeeth(s).map((tooth) => {
      const extras = chartedOf(chart, tooth)?.extras ?? [];
      const next: ToothExtra[] = extras.some((e) => e.code === code)
        ? extras.map((e) => (e.code === code ? { code, status } : e))
        : [...extras, { code, status }];
      return { tooth, extras: next };
    }),
  };
}

/** Drops extra `code` from one tooth. */
export function removeExtra(chart: readonly ChartedTooth[], tooth: number, code: ToothExtraCode): ToothChange {
  return { tooth, extras: (chartedOf(chart, tooth)?.extras ?? []).filter((e) => e.code !== code) };
}

/** Removes everything charted on the selected teeth. */
export function clearTeeth(s: Selection): Changes {
  return needTeeth(s) ?? { changes: selectedTeeth(s).map((tooth) => ({ tooth, clear: true })) };
}

/** Per-tooth counts (notes, canals) as a lookup. */
export const countsByTooth = (items: readonly { tooth: number; count: number }[] | undefined) =>
  new Map((items ?? []).map((i) => [i.tooth, i.count]));
