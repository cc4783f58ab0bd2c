import {
  type Language,
  type PatientProcedureItem,
  type PatientProcedureStatus,
  type ToothNumbering,
  type ToothSurface,
  toothCode,
} from '@dental/contract';
import { nameIn } from '../../lib/local-name';

/*
 * Pure logic of the patient procedures screens: status groups, names in the UI language,
 * what the dental chart draws per tooth, and the client-side check of the teeth picked for a procedure.
 */

/** The status groups of the procedures tab, in the order shown; the plan (S1) is the treatment plan. */
export const STATUS_GROUPS = [
  { key: 'planned', statuses: ['S1'] },
  { key: 'inProgress', statuses: ['S2'] },
  { key: 'completed', statuses: ['S3', 'S4'] },
  { key: 'cancelled', statuses: ['S5'] },
] as const satisfies ReadonlyArray<{ key: string; statuses: readonly PatientProcedureStatus[] }>;
export type StatusGroupKey = (typeof STATUS_GROUPS)[number]['key'];

export const groupOf = (status: PatientProcedureStatus): StatusGroupKey =>
  STATUS_GROUPS.find((g) => (g.statuses as readonly string[]).includes(status))!.key;

/** Procedures split by status group, each keeping the server's order. */
export function groupProcedures<T extends { status: PatientProcedureStatus }>(items: readonly T[]): Record<StatusGroupKey, T[]> {
  const out = { planned: [], inProgress: [], completed: [], cancelled: [] } as Record<StatusGroupKey, T[]>;
  for (const item of items) out[groupOf(item.status)].push(item);
  return out;
}


export const procedureName = (p: Pick<PatientProcedureItem, 'procedureNameAr' | 'procedureNameEn' | 'procedureNameFr'>, language: Language) =>
  nameIn(language, p.procedureNameAr, p.procedureNameEn, p.procedureNameFr);

export const treatmentBranchName = (
  p: Pick<PatientProcedureItem, 'treatmentBranchNameAr' | 'treatmentBranchNameEn' | 'treatmentBranchNameFr'>,
  language: Language,
) => nameIn(language, p.treatmentBranchNameAr, p.treatmentBranchNameEn, p.treatmentBranchNameFr);

/** "36 (M, O) · 11" in the user's numbering system. */
export const teethText = (teeth: ReadonlyArray<{ tooth: number; surfaces: readonly string[] }>, numbering: ToothNumbering): string =>
  teeth.map((t) => (t.surfaces.length ? `${toothCode(t.tooth, numbering)} (${t.surfaces.join(', ')})` : toothCode(t.tooth, numbering))).join(' · ');

/** What the chart draws on one tooth: planned and completed procedures, on the whole tooth or on surfaces. */
export interface ToothProcedures {
  /** A planned or in-progress procedure on the whole tooth. */
  plannedWhole: boolean;
  completedWhole: boolean;
  plannedSurfaces: ToothSurface[];
  completedSurfaces: ToothSurface[];
  count: number;
}

/**
 * Per tooth, what its procedures draw: planned (S1) and in progress (S2) as "planned", completed (S3, S4) as
 * "completed"; cancelled ones (S5) are not drawn. A procedure with no surfaces covers the whole tooth.
 */
export function proceduresByTooth(
  items: ReadonlyArray<Pick<PatientProcedureItem, 'status' | 'teeth'>>,
): Map<number, ToothProcedures> {
  const out = new Map<number, ToothProcedures>();
  for (const item of items) {
    if (item.status === 'S5') continue;
    const done = item.status === 'S3' || item.status === 'S4';
    for (const { tooth, surfaces } of item.teeth) {
      const entry = out.get(tooth) ?? { plannedWhole: false, completedWhole: false, plannedSurfaces: [], completedSurfaces: [], count: 0 };
      entry.count += 1;
      if (!surfaces.length) {
        if (done) entry.completedWhole = true;
        else entry.plannedWhole = true;
      }
      const list = done ? entry.completedSurfaces : entry.plannedSurfaces;
      for (const s of surfaces as ToothSurface[]) if (!list.includes(s)) list.push(s);
      out.set(tooth, entry);
    }
  }
  return out;
}

export type ToothSelection = 'none' | 'tooth' | 'surface';

/**
 * The client's mirror of the server's rule (spec §5): a 'tooth' procedure needs at least one tooth, a 'surface'
 * one at least one surface on every picked tooth. Returns the error-catalogue code.
 */
export function teethSelectionError(
  selection: ToothSelection,
  teeth: ReadonlyArray<{ tooth: number; surfaces: readonly string[] }>,
): 'select_surface' | 'select_tooth' | null {
  if (selection === 'none') return null;
  if (selection === 'tooth') return teeth.length ? null : 'select_tooth';
  return teeth.length && teeth.every((t) => t.surfaces.length > 0) ? null : 'select_surface';
}

/** A price-list row as the procedure picker needs it. */
export interface PickerProcedure {
  procedureId: number;
  nameAr: string;
  nameEn: string;
  nameFr: string | null;
  code: string | null;
  treatmentBranchId: number;
  treatmentBranchNameAr: string;
  treatmentBranchNameEn: string;
  treatmentBranchNameFr: string | null;
  isActive: boolean;
}

/** Price-list rows that match a search (name in any language or code), grouped by treatment branch. */
export function pickerGroups<T extends PickerProcedure>(rows: readonly T[], search: string, language: Language) {
  const q = search.trim().toLocaleLowerCase();
  const groups = new Map<number, { label: string; items: T[] }>();
  for (const row of rows) {
    if (!row.isActive) continue;
    const hay = [row.nameAr, row.nameEn, row.nameFr ?? '', row.code ?? ''].join(' ').toLocaleLowerCase();
    if (q && !hay.includes(q)) continue;
    const group = groups.get(row.treatmentBranchId) ?? {
      label: nameIn(language, row.treatmentBranchNameAr, row.treatmentBranchNameEn, row.treatmentBranchNameFr),
      items: [],
    };
    group.items.push(row);
    groups.set(row.treatmentBranchId, group);
  }
  return [...groups.values()];
}

/** The chart's picking state from a procedure's teeth (editing), and back (saving). */
export function selectionFromTeeth(teeth: ReadonlyArray<{ tooth: number; surfaces: readonly string[] }>) {
  return {
    teeth: Object.fromEntries(teeth.map((t) => [t.tooth, [...t.surfaces] as ToothSurface[]])) as Record<number, ToothSurface[]>,
    order: teeth.map((t) => t.tooth),
  };
}
export function teethFromSelection(s: { teeth: Record<number, ToothSurface[]>; order: number[] }, selection: ToothSelection) {
  return s.order
    .filter((t) => t in s.teeth)
    .map((tooth) => ({ tooth, surfaces: selection === 'surface' ? [...s.teeth[tooth]!] : selection === 'tooth' ? [...s.teeth[tooth]!] : [] }));
}

/**
 * Sends a status change or a save, and when the server answers 400 approval_required (the insurance company wants
 * an approval the procedure lacks) asks the user and sends again with confirmWithoutApproval. Resolves to null
 * when the user declines.
 */
export async function withApprovalConfirmation<T>(
  send: (confirmWithoutApproval: boolean) => Promise<T>,
  ask: () => Promise<boolean>,
): Promise<T | null> {
  try {
    return await send(false);
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code !== 'approval_required') throw error;
    if (!(await ask())) return null;
    return send(true);
  }
}
