import { ROUTES, type RouteDef } from '@dental/contract';
import { describe, expect, it } from 'vitest';
import { i18n } from 'lib/i18n';
import { type LabelOf, type PaletteEntry, normalizeSearch, searchPalette } from './palette-search';

const ar = i18n.getFixedT('ar', 'routes') as LabelOf;
const en = i18n.getFixedT('en', 'routes') as LabelOf;
const labels = [ar, en];

/** Every menu route of the contract, as palette entries. */
const entries: PaletteEntry[] = ROUTES.filter(
  (r): r is RouteDef & { menu: NonNullable<RouteDef['menu']> } => !!r.menu,
).map((route) => ({
  route,
  group: route.menu,
  state: 'open',
}));
const names = (groups: ReturnType<typeof searchPalette>) => groups.flatMap((g) => g.items.map((i) => i.route.name));

describe('search palette', () => {
  it('finds pages by their English label', () => {
    const result = searchPalette('patients', entries, labels);
    expect(names(result)).toContain('PatientsList');
    expect(result.map((g) => g.group)).toContain('patients');
  });

  it('finds pages by their Arabic label, whatever the hamza or case', () => {
    expect(names(searchPalette('المرضى', entries, labels))).toContain('PatientsList');
    expect(names(searchPalette('اضافة مريض', entries, labels))).toContain('AddPatient'); // typed without hamza
    expect(names(searchPalette('ADD PATIENT', entries, labels))).toContain('AddPatient');
  });

  it('keeps at most 4 results per group, grouped in menu order', () => {
    const result = searchPalette('', entries, labels);
    for (const g of result) expect(g.items.length).toBeLessThanOrEqual(4);
    const settings = searchPalette('', entries, labels).find((g) => g.group === 'settings');
    expect(settings?.items).toHaveLength(4);
    const order = result.map((g) => g.group);
    expect(order[0]).toBe('scheduler');
    expect(order.indexOf('patients')).toBeLessThan(order.indexOf('settings'));
  });

  it('ranks labels starting with the query first', () => {
    const result = searchPalette('stock', entries, labels);
    expect(result.find((g) => g.group === 'stock')?.items[0]?.route.name).toBe('Stock');
  });

  it('requires every word of the query', () => {
    expect(names(searchPalette('insurance claims', entries, labels))).toEqual(['InsuranceClaimsList']);
    expect(searchPalette('zzz-no-such-page', entries, labels)).toEqual([]);
  });

  it('normalizes Arabic letters, diacritics and French accents', () => {
    expect(normalizeSearch('أَحْمَد')).toBe('احمد');
    expect(normalizeSearch('مدرسة')).toBe('مدرسه');
    expect(normalizeSearch('Paramètres')).toBe('parametres');
  });
});
