import type { MedicalAlert } from '@dental/contract';
import { theme } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { ALERT_TEXT, alertLabel } from './patient-alerts';

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const lum = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('patient alert tags', () => {
  const light = theme.getDesignToken();
  it("antd's own orange and volcano tag text is below AA on its tint (why the tags set their own)", () => {
    expect(contrast(light.orange7, light.orange1)).toBeLessThan(4.5);
    expect(contrast(light.volcano7, light.volcano1)).toBeLessThan(4.5);
  });

  it('the orange (drug) and volcano (disease) tags read at WCAG AA in both themes', () => {
    expect(contrast(ALERT_TEXT.light.drug!, light.orange1)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(ALERT_TEXT.light.disease!, light.volcano1)).toBeGreaterThanOrEqual(4.5);
    // dark: the tag's tint is a few percent of the colour over the dark page; check against the page itself and white-ish tint
    const dark = theme.getDesignToken({ algorithm: theme.darkAlgorithm });
    for (const text of [ALERT_TEXT.dark.drug!, ALERT_TEXT.dark.disease!]) {
      expect(contrast(text, dark.colorBgContainer)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(text, dark.orange1)).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('alertLabel (issue 18: alerts read in the reader\'s language)', () => {
  const penicillin: MedicalAlert = {
    kind: 'question',
    id: 1,
    nameAr: 'حساسية من البنسلين',
    nameEn: 'Allergic to penicillin',
    nameFr: 'Allergique à la pénicilline',
    detailAr: null,
    detailEn: null,
    detailFr: null,
    note: null,
  };
  const allergic: MedicalAlert = {
    ...penicillin,
    nameAr: 'حساسية',
    nameEn: 'Allergic',
    nameFr: null,
    detailAr: 'لاتكس، يود',
    detailEn: 'Latex, Iodine',
    detailFr: 'Latex, Iode',
  };
  afterEach(() => i18n.changeLanguage('ar'));

  it('gives the French text in French (the English one where there is none), Arabic in Arabic', async () => {
    await i18n.changeLanguage('fr');
    expect(alertLabel(penicillin)).toBe('Allergique à la pénicilline');
    expect(alertLabel(allergic)).toBe('Allergic: Latex, Iode');
    await i18n.changeLanguage('ar');
    expect(alertLabel(penicillin)).toBe('حساسية من البنسلين');
    await i18n.changeLanguage('en');
    expect(alertLabel(allergic)).toBe('Allergic: Latex, Iodine');
  });
});
