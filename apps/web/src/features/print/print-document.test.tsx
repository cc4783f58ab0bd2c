import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetLanguage, languageLoaded, loadLanguage } from '../../lib/i18n';
import { FALLBACK_SETTINGS, type Letterhead } from './print-model';
import { PrintDocument } from './print-document';

const LETTERHEAD: Letterhead = {
  clinicName: 'عيادة الابتسامة',
  logoUrl: '/api/files/logo.png',
  branchName: 'فرع مدينة نصر',
  branchAddress: 'شارع عباس العقاد',
  phones: ['+20222600001'],
  taxNo: '310123456700003',
  commercialRegistrationNo: '1010123456',
};
vi.mock('./api', () => ({
  useLetterhead: () => LETTERHEAD,
  usePrintTypeSettings: () => undefined,
}));

afterEach(cleanup);

const printed = () => document.body.querySelector(':scope > .print-root')!;

describe('<PrintDocument>', () => {
  it('portals one print-only document into <body> with the page rule, the letterhead and the body', () => {
    render(
      <PrintDocument type="invoice" settings={FALLBACK_SETTINGS} title="فاتورة" meta={[{ label: 'الرقم', value: '7' }]}>
        <p>السطر الأول</p>
      </PrintDocument>,
    );
    const root = printed();
    expect(root).not.toBeNull();
    expect(root.querySelector('style')!.textContent).toContain('@page { size: 210mm 297mm; margin: 15mm 15mm 15mm 15mm;');
    const sheet = root.querySelector('.print-sheet')!;
    expect(sheet.getAttribute('lang')).toBe('ar');
    expect(sheet.getAttribute('dir')).toBe('rtl');
    expect(sheet.querySelector('.print-logo')!.getAttribute('src')).toBe('/api/files/logo.png');
    expect(sheet.textContent).toContain('عيادة الابتسامة');
    expect(sheet.textContent).toContain('فرع مدينة نصر — شارع عباس العقاد');
    expect(sheet.textContent).toContain('الرقم الضريبي: 310123456700003');
    expect(sheet.textContent).toContain('السجل التجاري: 1010123456');
    expect(sheet.querySelector('.print-title')!.textContent).toBe('فاتورة');
    expect(sheet.textContent).toContain('السطر الأول');
    // no on-screen copy unless asked for
    expect(document.querySelector('.print-preview')).toBeNull();
  });

  it('writes the document in its own language and direction, whatever the UI language', () => {
    render(
      <PrintDocument type="receipt" settings={{ ...FALLBACK_SETTINGS, language: 'en' }} title={(doc) => doc.t('print')('types.receipt')}>
        {(doc) => <p>{doc.money('1250.5', 'EGP')}</p>}
      </PrintDocument>,
    );
    const sheet = printed().querySelector('.print-sheet')!;
    expect(sheet.getAttribute('lang')).toBe('en');
    expect(sheet.getAttribute('dir')).toBe('ltr');
    expect(sheet.querySelector('.print-title')!.textContent).toBe('Payment receipt');
    expect(sheet.textContent).toContain('VAT number: 310123456700003');
    expect(sheet.textContent).toContain('1,250.50 EGP');
  });

  it('leaves out what the show flags turn off, and adds the signature line and the footer when on', () => {
    const show = { logo: false, clinicName: false, clinicContacts: false, branchAddress: false, taxNumbers: false, signatureLine: true, footer: true };
    render(
      <PrintDocument
        type="statement"
        settings={{ ...FALLBACK_SETTINGS, pageSize: '80mm', footerText: 'شكرًا لزيارتكم', show }}
        letterhead={{ clinicName: 'اسم آخر' }}
        title="كشف"
        preview
      >
        <p>x</p>
      </PrintDocument>,
    );
    const sheet = printed().querySelector('.print-sheet')!;
    expect(sheet.classList.contains('print-sheet--roll')).toBe(true);
    expect(sheet.querySelector('.print-logo')).toBeNull();
    expect(sheet.textContent).not.toContain('اسم آخر');
    expect(sheet.textContent).not.toContain('310123456700003');
    expect(sheet.textContent).not.toContain('+20222600001');
    expect(sheet.querySelector('.print-signature')!.textContent).toContain('التوقيع');
    expect(sheet.querySelector('.print-footer-text')!.textContent).toBe('شكرًا لزيارتكم');
    // the preview shows the same paper on screen, 80 mm wide
    const paper = document.querySelector<HTMLElement>('.print-preview-paper')!;
    expect(paper.style.width).toBe('80mm');
    expect(paper.querySelector('.print-footer-text')!.textContent).toBe('شكرًا لزيارتكم');
  });

  it('waits for the strings of a document language the UI has not loaded (an English receipt from an Arabic screen)', async () => {
    forgetLanguage('en');
    expect(languageLoaded('en')).toBe(false);
    try {
      render(
        <PrintDocument type="receipt" settings={{ ...FALLBACK_SETTINGS, language: 'en' }} title={(doc) => doc.t('print')('types.receipt')}>
          <p>x</p>
        </PrintDocument>,
      );
      // nothing half-translated is printed meanwhile: the print root is busy and holds no sheet
      await waitFor(() => expect(printed().querySelector('.print-title')?.textContent).toBe('Payment receipt'));
      expect(printed().hasAttribute('aria-busy')).toBe(false);
      expect(printed().textContent).toContain('VAT number: 310123456700003');
    } finally {
      await loadLanguage('en');
    }
  });
});
