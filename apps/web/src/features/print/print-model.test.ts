import { describe, expect, it } from 'vitest';
import { FALLBACK_SETTINGS, cssString, documentDirection, documentLanguage, pageCss, shows } from './print-model';

describe('print layout model', () => {
  it('prints in the setting’s language, the patient’s for "patient", else the UI language', () => {
    expect(documentLanguage('en', 'ar')).toBe('en');
    expect(documentLanguage('fr', 'ar', 'en')).toBe('fr');
    expect(documentLanguage('patient', 'fr', 'ar')).toBe('ar');
    expect(documentLanguage('patient', 'fr', null)).toBe('fr');
    expect(documentLanguage('patient', 'en', 'de')).toBe('en');
    expect(documentLanguage('xx', 'en')).toBe('en');
    expect(documentDirection('ar')).toBe('rtl');
    expect(documentDirection('fr')).toBe('ltr');
  });

  it('writes the @page size and margins of each page size, the roll 80 mm wide', () => {
    const s = { ...FALLBACK_SETTINGS, show: { pageNumbers: false } };
    expect(pageCss(s, 'Page')).toBe('@page { size: 210mm 297mm; margin: 15mm 15mm 15mm 15mm; }');
    expect(pageCss({ ...s, pageSize: 'A5', marginTop: 5, marginRight: 6, marginBottom: 7, marginLeft: 8 }, 'Page')).toBe(
      '@page { size: 148mm 210mm; margin: 5mm 6mm 7mm 8mm; }',
    );
    expect(pageCss({ ...s, pageSize: '80mm', marginTop: 99, marginLeft: -3 }, 'Page')).toBe(
      '@page { size: 80mm 297mm; margin: 50mm 15mm 15mm 0mm; }',
    );
  });

  it('numbers the pages in the bottom margin, keeping room for the number', () => {
    const css = pageCss({ ...FALLBACK_SETTINGS, marginBottom: 4, show: { pageNumbers: true } }, 'صفحة');
    expect(css).toContain('margin: 15mm 15mm 10mm 15mm');
    expect(css).toContain('@bottom-center { content: "صفحة " counter(page) " / " counter(pages)');
  });

  it('escapes texts put into CSS strings', () => {
    expect(cssString('a"b\\c\nd')).toBe('"a\\"b\\\\c d"');
  });

  it('keeps a flag’s default when the setting does not name it', () => {
    expect(shows(FALLBACK_SETTINGS, 'logo')).toBe(true);
    expect(shows(FALLBACK_SETTINGS, 'signatureLine')).toBe(false);
    expect(shows({ ...FALLBACK_SETTINGS, show: { logo: false, signatureLine: true } }, 'logo')).toBe(false);
    expect(shows({ ...FALLBACK_SETTINGS, show: { logo: false, signatureLine: true } }, 'signatureLine')).toBe(true);
  });
});
