import type { Language, PrintDocumentType } from '@dental/contract';
import { type CSSProperties, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Spin } from 'antd';
import { currentLanguage, useLanguagesLoaded } from '../../lib/i18n';
import { useLetterhead, usePrintTypeSettings } from './api';
import { type PrintDoc, PrintDocContext, makePrintDoc, usePrintDoc } from './print-context';
import {
  type Letterhead,
  PAGE_MM,
  type PrintLayoutSettings,
  documentDirection,
  documentLanguage,
  fallbackSettings,
  pageCss,
  shows,
} from './print-model';
import './print.css';

/**
 * THE SHARED PRINT LAYOUT. Every printed document (invoice, credit note, receipt, statement, treatment plan ...) is a
 * <PrintDocument>: it loads how its type prints (the clinic's default print settings of the type via
 * Print/GetDefaultPrintTypeSettings, or the settings `settingsId` names), and renders the paper: @page size and
 * margins, font sizes, the clinic's letterhead (logo, name, branch address and phones, VAT and CR numbers as the
 * show flags say), your body, the footer text, a signature line and page numbers. The document has its own language
 * and direction (the setting's language, 'patient' = `patientLanguage`, or `language` to force one, e.g. an issued
 * invoice's), independent of the UI's.
 *
 * Usage:
 *   <PrintDocument type="receipt" title={(doc) => doc.t('payments')('receipt.title')}
 *     meta={(doc) => [{ label: doc.t('payments')('receipt.number'), value: receipt.receiptNo }]}>
 *     <ReceiptBody receipt={receipt} />        // inside, usePrintDoc() gives t(ns), money(), date(), language
 *   </PrintDocument>
 *   <Button onClick={() => window.print()}>…</Button>
 *
 * - Printing: the document is portalled into <body>, hidden on screen, and while it is mounted it ALONE prints (the
 *   app's menu, header, buttons and dialogs never print). Mount ONE printable document at a time (mount it when the
 *   user chose what to print; pass `printable={false}` for an on-screen copy only).
 * - `preview`: also shows the paper on screen (scaled to fit its container) — the same rendering as printed.
 * - Use plain HTML in the body (no antd): <table className="print-table">, <p>, <strong>; amounts through
 *   doc.money(text, currency) inside <bdi>.
 */
export interface PrintDocumentProps {
  type: PrintDocumentType;
  /** Print with these saved settings instead of the type's default. */
  settingsId?: number;
  /** Print with these settings as given (the settings form's live preview). */
  settings?: PrintLayoutSettings;
  /** Replaces parts of the clinic's letterhead (an issued invoice prints the seller details it copied). */
  letterhead?: Partial<Letterhead>;
  /** Forces the document's language (an issued invoice's words are in its language). */
  language?: Language;
  /** Used when the setting's language is 'patient'. */
  patientLanguage?: string | null;
  title: ReactNode | ((doc: PrintDoc) => ReactNode);
  /** Label/value pairs under the title: number, date, patient ... */
  meta?: MetaItem[] | ((doc: PrintDoc) => MetaItem[]);
  children: ReactNode | ((doc: PrintDoc) => ReactNode);
  preview?: boolean;
  printable?: boolean;
}
export interface MetaItem {
  label: ReactNode;
  value: ReactNode;
}

export function PrintDocument({
  type,
  settingsId,
  settings: given,
  letterhead: override,
  language,
  patientLanguage,
  preview = false,
  printable = true,
  ...content
}: PrintDocumentProps) {
  const loaded = usePrintTypeSettings(type, settingsId, !given);
  const base = useLetterhead();
  const fallback = useMemo(() => fallbackSettings(type), [type]);
  const settings = given ?? loaded ?? fallback;
  const letterhead = useMemo(() => ({ ...base, ...override }), [base, override]);
  const lang = language ?? documentLanguage(settings.language, currentLanguage(), patientLanguage);
  const doc = useMemo(
    () => makePrintDoc(lang, documentDirection(lang), settings, letterhead),
    [lang, settings, letterhead],
  );
  // the UI loads only its own language's strings: a document in another one waits for its strings (issue 18)
  const stringsLoaded = useLanguagesLoaded(useMemo(() => [lang], [lang]));
  if (!stringsLoaded)
    return (
      <>
        {preview && (
          <div className="print-preview">
            <Spin />
          </div>
        )}
        {printable && createPortal(<div className="print-root" aria-hidden aria-busy />, document.body)}
      </>
    );
  const sheet = <PrintSheet doc={doc} {...content} />;
  return (
    <PrintDocContext.Provider value={doc}>
      {preview && <ScaledPreview settings={settings}>{sheet}</ScaledPreview>}
      {printable &&
        createPortal(
          <div className="print-root" aria-hidden>
            <style>{pageCss(settings, doc.t('print')('page'))}</style>
            {sheet}
          </div>,
          document.body,
        )}
    </PrintDocContext.Provider>
  );
}

const call = <T,>(v: T | ((doc: PrintDoc) => T), doc: PrintDoc): T =>
  typeof v === 'function' ? (v as (doc: PrintDoc) => T)(doc) : v;

function PrintSheet({
  doc,
  title,
  meta,
  children,
}: { doc: PrintDoc } & Pick<PrintDocumentProps, 'title' | 'meta' | 'children'>) {
  const { settings } = doc;
  const style = {
    '--print-font': `${settings.fontSize}pt`,
    '--print-title': `${settings.titleFontSize}pt`,
  } as CSSProperties;
  const items = meta ? call(meta, doc) : [];
  return (
    <article
      className={`print-sheet print-sheet--${settings.pageSize === '80mm' ? 'roll' : 'page'}`}
      lang={doc.language}
      dir={doc.dir}
      style={style}
    >
      <PrintHeader />
      <div className="print-title-band">
        <h1 className="print-title">{call(title, doc)}</h1>
        {items.length > 0 && (
          <dl className="print-meta">
            {items.map((m, i) => (
              <div key={i}>
                <dt>{m.label}</dt>
                <dd>{m.value}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
      <div className="print-body">{call(children, doc)}</div>
      <PrintFooter />
    </article>
  );
}

function PrintHeader() {
  const doc = usePrintDoc();
  const { settings, letterhead: l } = doc;
  const t = doc.t('print');
  const showLogo = shows(settings, 'logo') && !!l.logoUrl;
  const address = shows(settings, 'branchAddress') ? [l.branchName, l.branchAddress].filter(Boolean).join(' — ') : '';
  const phones = shows(settings, 'clinicContacts') ? l.phones.filter(Boolean) : [];
  const taxes = shows(settings, 'taxNumbers');
  return (
    <header className="print-header">
      {showLogo && <img className="print-logo" src={l.logoUrl!} alt="" />}
      <div className="print-clinic">
        {shows(settings, 'clinicName') && <div className="print-clinic-name">{l.clinicName}</div>}
        {settings.headerText && <div className="print-header-text">{settings.headerText}</div>}
        {address && <div>{address}</div>}
        {phones.length > 0 && (
          <div>
            {t('phone')}:{' '}
            {phones.map((p, i) => (
              <span key={p}>
                {i > 0 && ' · '}
                <bdi dir="ltr">{p}</bdi>
              </span>
            ))}
          </div>
        )}
        {taxes && l.taxNo && (
          <div>
            {t('taxNo')}: <bdi dir="ltr">{l.taxNo}</bdi>
          </div>
        )}
        {taxes && l.commercialRegistrationNo && (
          <div>
            {t('crNo')}: <bdi dir="ltr">{l.commercialRegistrationNo}</bdi>
          </div>
        )}
      </div>
    </header>
  );
}

function PrintFooter() {
  const doc = usePrintDoc();
  const { settings } = doc;
  const t = doc.t('print');
  const signature = shows(settings, 'signatureLine');
  const footer = shows(settings, 'footer') && settings.footerText;
  if (!signature && !footer) return null;
  return (
    <footer className="print-footer">
      {signature && (
        <div className="print-signature">
          <span>{t('signature')}</span>
          <span className="print-signature-line" />
        </div>
      )}
      {footer && <div className="print-footer-text">{settings.footerText}</div>}
    </footer>
  );
}

const PX_PER_MM = 96 / 25.4;

/** The paper on screen: its page size and margins, scaled down to fit the container (never up). */
function ScaledPreview({ settings, children }: { settings: PrintLayoutSettings; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [available, setAvailable] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => setAvailable(entry?.contentRect.width ?? 0));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const page = PAGE_MM[settings.pageSize] ?? PAGE_MM.A4;
  const width = page.width * PX_PER_MM;
  const zoom = available > 0 ? Math.min(1, available / width) : 1;
  const style = {
    width: `${page.width}mm`,
    minHeight: settings.pageSize === '80mm' ? undefined : `${page.height}mm`,
    padding: `${settings.marginTop}mm ${settings.marginRight}mm ${settings.marginBottom}mm ${settings.marginLeft}mm`,
    zoom,
  } as CSSProperties;
  return (
    <div ref={ref} className="print-preview">
      <div className="print-preview-paper" style={style}>
        {children}
      </div>
    </div>
  );
}

/** A name with its code, each isolated so an Arabic name and a Latin code keep their order in either direction. */
export function PatientName({ name, code }: { name: string; code?: string | null }) {
  return (
    <>
      <bdi>{name}</bdi>
      {code ? (
        <>
          {' '}
          (<bdi>{code}</bdi>)
        </>
      ) : null}
    </>
  );
}
