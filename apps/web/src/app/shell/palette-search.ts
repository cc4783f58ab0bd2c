import { LIMITS, MENU_GROUPS, type MenuGroup, type RouteDef, type RouteViewer } from '@dental/contract';
import { builtMenu } from '../route-table';

export interface PaletteEntry {
  route: RouteDef;
  group: MenuGroup;
  state: 'open' | 'locked';
}
export interface PaletteGroup {
  group: MenuGroup;
  items: PaletteEntry[];
}
/** A route name → its label in one language. */
export type LabelOf = (routeName: string) => string;

/**
 * Folds what people type differently: case, French accents, Arabic diacritics and tatweel, and the usual
 * Arabic letter variants (أ إ آ ٱ → ا, ة → ه, ى → ي, ؤ → و, ئ → ي).
 */
export function normalizeSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC')
    .toLowerCase()
    .replace(/[\u064B-\u065F\u0670\u0640]/g, '')
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ة/g, 'ه')
    .replace(/ى/g, 'ي')
    .replace(/ؤ/g, 'و')
    .replace(/ئ/g, 'ي')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The palette's candidates: the menu items the viewer sees (open and locked), built pages only. */
export function paletteEntries(viewer: RouteViewer): PaletteEntry[] {
  return builtMenu(viewer).flatMap((g) =>
    g.items.map((i) => ({ route: i.route, group: g.group, state: i.state as 'open' | 'locked' })),
  );
}

/**
 * Spec §1 search palette: matches the query against every given label (Arabic and English, plus the UI
 * language), groups results by menu group in menu order, and keeps at most `perGroup` per group.
 * An empty query lists the first items of every group.
 */
export function searchPalette(
  query: string,
  entries: readonly PaletteEntry[],
  labels: readonly LabelOf[],
  perGroup: number = LIMITS.paletteResultsPerGroup,
): PaletteGroup[] {
  const tokens = normalizeSearch(query).split(' ').filter(Boolean);
  const groups = new Map<MenuGroup, { entry: PaletteEntry; rank: number; order: number }[]>();
  entries.forEach((entry, order) => {
    const texts = labels.map((label) => normalizeSearch(label(entry.route.name)));
    if (!tokens.every((tok) => texts.some((text) => text.includes(tok)))) return;
    const q = tokens.join(' ');
    const rank = !q
      ? 0
      : texts.some((text) => text.startsWith(q))
        ? 0
        : texts.some((text) => text.split(' ').some((w) => w.startsWith(tokens[0]!)))
          ? 1
          : 2;
    const list = groups.get(entry.group) ?? [];
    list.push({ entry, rank, order });
    groups.set(entry.group, list);
  });
  const result: PaletteGroup[] = [];
  for (const group of MENU_GROUPS) {
    const list = groups.get(group);
    if (!list) continue;
    list.sort((a, b) => a.rank - b.rank || a.order - b.order);
    result.push({ group, items: list.slice(0, perGroup).map((x) => x.entry) });
  }
  return result;
}
