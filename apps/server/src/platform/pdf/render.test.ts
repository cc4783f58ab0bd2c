import { describe, expect, it } from 'vitest';
import { glyphsPerCharacter, pdfTextItems, pdfTextLines } from '../../../test/pdf-text.js';
import type { PdfDocumentModel } from './model.js';
import { renderPdf } from './render.js';

const AR_LINE = 'فاتورة ضريبية مبسطة رقم 12 — المجموع 115.00 ر.س';
const EN_LINE = 'Simplified tax invoice No. 12 — Total 115.00 SAR';

const page = {
  pageSize: 'A4',
  marginTop: 15,
  marginRight: 15,
  marginBottom: 15,
  marginLeft: 15,
  fontSize: 11,
  titleFontSize: 16,
} as const;

function model(language: 'ar' | 'en' | 'fr', title: string, over: Partial<PdfDocumentModel> = {}): PdfDocumentModel {
  return {
    language,
    page,
    header: { name: null, lines: [] },
    title,
    blocks: [],
    documentTitle: title,
    ...over,
  };
}

/** Arabic letters in their Unicode presentation forms: what an unshaped or badly mapped PDF extracts as. */
const PRESENTATION_FORMS = /[\uFB50-\uFDFF\uFE70-\uFEFF]/;

/** The line as the (bold) title and as body text. */
const arabicDocument = () => model('ar', AR_LINE, { blocks: [{ kind: 'paragraph', text: AR_LINE }] });

describe('PDF rendering (PDFKit + fontkit + bidi-js)', () => {
  it('an Arabic line extracts as the words written, in logical order, with digits in order', async () => {
    const pdf = await renderPdf(arabicDocument());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const lines = await pdfTextLines(pdf);
    expect(lines.filter((l) => l === AR_LINE)).toHaveLength(2);
    expect(lines.join('\n')).not.toMatch(PRESENTATION_FORMS);
  });

  it('the Arabic line is laid out right to left: the number sits to the left of the word before it', async () => {
    const items = await pdfTextItems(await renderPdf(arabicDocument()));
    const x = (text: string) => items.findLast((i) => i.text.includes(text))!.x;
    expect(x('12')).toBeLessThan(x('رقم'));
    expect(x('المجموع')).toBeLessThan(x('12'));
    expect(x('115.00')).toBeLessThan(x('المجموع'));
    expect(x('ر.س')).toBeLessThan(x('115.00'));
  });

  it('Arabic letters are shaped: a letter met at the start, middle and end of words is drawn with different glyphs', async () => {
    const pdf = await renderPdf(model('ar', 'بيت كتب نبيل باب'));
    const glyphs = glyphsPerCharacter(pdf);
    expect(glyphs.get('ب')).toBeGreaterThanOrEqual(3);
    expect(glyphs.get('ت')).toBeGreaterThanOrEqual(2);
  });

  it('lam-alef and other ligatures extract in reading order', async () => {
    const lines = await pdfTextLines(await renderPdf(model('ar', 'الإجمالي لا إله إلا الله')));
    expect(lines).toContain('الإجمالي لا إله إلا الله');
  });

  it('an English and a French document extract left to right, with accents', async () => {
    expect(await pdfTextLines(await renderPdf(model('en', EN_LINE)))).toContain(EN_LINE);
    const fr = 'Facture simplifiée n° 12 — Total : 115,00 € — réglée à l’accueil';
    expect(await pdfTextLines(await renderPdf(model('fr', fr)))).toContain(fr);
  });

  it('a table repeats its header on each page, wraps long cells, and numbers the pages', async () => {
    const rows = Array.from({ length: 80 }, (_, i) => [`${i + 1}`, `حشوة ضوئية للسن ${i + 1} مع تنظيف الجذور وإعادة البناء الكامل للسطح`, `${i + 1}0.00`]);
    const pdf = await renderPdf(
      model('ar', 'كشف حساب', {
        blocks: [{ kind: 'table', columns: [{ title: 'م', weight: 1 }, { title: 'الإجراء', weight: 4 }, { title: 'المبلغ', weight: 2, align: 'end' }], rows }],
        footer: 'شكرا لزيارتكم',
        pageNumber: (n, count) => `صفحة ${n} من ${count}`,
      }),
    );
    const items = await pdfTextItems(pdf);
    const pages = Math.max(...items.map((i) => i.page));
    expect(pages).toBeGreaterThan(1);
    for (let p = 1; p <= pages; p++) {
      expect(items.some((i) => i.page === p && i.text === 'الإجراء')).toBe(true);
      expect((await pdfTextLines(pdf)).filter((l) => l === `صفحة ${p} من ${pages}`)).toHaveLength(1);
    }
    const text = (await pdfTextLines(pdf)).join(' ');
    expect(text).toContain('للسطح');
    expect(text).toContain('800.00');
  });

  it('an 80 mm receipt is one page as long as its content', async () => {
    const pdf = await renderPdf(
      model('ar', 'إيصال قبض', {
        page: { ...page, pageSize: '80mm', marginTop: 3, marginRight: 3, marginBottom: 3, marginLeft: 3, fontSize: 9 },
        blocks: [{ kind: 'totals', rows: [{ label: 'المبلغ', value: '50.000 د.ل', strong: true }] }, { kind: 'qr', text: 'AQVEZW50aXg=' }],
      }),
    );
    const items = await pdfTextItems(pdf);
    expect(new Set(items.map((i) => i.page))).toEqual(new Set([1]));
    const box = pdf.toString('latin1').match(/\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/)!;
    expect(Number(box[1])).toBeCloseTo(226.77, 1);
    expect(Number(box[2])).toBeLessThan(400);
    expect((await pdfTextLines(pdf)).join(' ')).toContain('50.000');
  });
});
