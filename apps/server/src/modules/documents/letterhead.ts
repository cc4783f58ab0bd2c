import type { Language, PrintSettingsItem } from '@dental/contract';
import { and, eq } from 'drizzle-orm';
import { branches, clinics } from '../../platform/auth/identity.table.js';
import type { ClinicSession } from '../../platform/auth/session.js';
import type { Tx } from '../../platform/db/types.js';
import type { FileStore } from '../../platform/files/file-store.js';
import type { PdfDocumentModel } from '../../platform/pdf/model.js';
import { type LabelKey, pageNumberText } from './labels.js';

/** The clinic's details a printed document's header may show, as they are now. */
export interface Letterhead {
  name: string;
  address: string | null;
  mobile: string | null;
  taxNo: string | null;
  crNo: string | null;
  timeZone: string;
  currency: string;
  branchName: string | null;
  branchMobile: string | null;
  /** PNG or JPEG bytes (PDFKit draws no other format); null when there is none. */
  logo: Buffer | null;
}

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);
const drawable = (data: Buffer | null) =>
  data && (data.subarray(0, 4).equals(PNG) || data.subarray(0, 3).equals(JPEG)) ? data : null;

/** Reads the session's clinic (and a branch of it) for a document's header; the logo only when it will be shown. */
export async function loadLetterhead(
  tx: Tx,
  session: ClinicSession,
  files: FileStore,
  branchId: number | null,
  withLogo: boolean,
): Promise<Letterhead> {
  const [clinic] = await tx.select().from(clinics).where(eq(clinics.id, session.clinicId));
  const [branch] = branchId
    ? await tx
        .select({ name: branches.name, mobile: branches.mobile })
        .from(branches)
        .where(and(eq(branches.clinicId, session.clinicId), eq(branches.id, branchId)))
    : [];
  const logo = withLogo && clinic!.logoKey ? drawable(await files.read(clinic!.logoKey)) : null;
  return {
    name: clinic!.displayName,
    address: [clinic!.address, clinic!.city].filter(Boolean).join('، ') || null,
    mobile: clinic!.mobile,
    taxNo: clinic!.taxNo,
    crNo: clinic!.commercialRegistrationNo,
    timeZone: clinic!.timeZone,
    currency: clinic!.currency,
    branchName: branch?.name ?? null,
    branchMobile: branch?.mobile ?? null,
    logo,
  };
}

/**
 * The header of a document through the settings' show flags: logo, name, the branch and address, phones, the tax
 * numbers, then the settings' own header text.
 */
export function headerOf(
  head: Pick<Letterhead, 'name' | 'logo'> & {
    branchLine: string | null;
    phone: string | null;
    taxNo: string | null;
    crNo: string | null;
  },
  settings: PrintSettingsItem,
  t: (key: LabelKey) => string,
): PdfDocumentModel['header'] {
  const { show } = settings;
  const lines: string[] = [];
  if (show.branchAddress && head.branchLine) lines.push(head.branchLine);
  if (show.clinicContacts && head.phone) lines.push(`${t('phone')}: ${head.phone}`);
  if (show.taxNumbers) {
    const numbers = [head.taxNo && `${t('vatNo')}: ${head.taxNo}`, head.crNo && `${t('crNo')}: ${head.crNo}`].filter(Boolean);
    if (numbers.length) lines.push(numbers.join(' — '));
  }
  if (settings.headerText) lines.push(...settings.headerText.split(/\r?\n/).filter((l) => l.trim()));
  return { logo: show.logo ? head.logo : null, name: show.clinicName ? head.name : null, lines };
}

/** The page of a document from its print settings. */
export const pageOf = (s: PrintSettingsItem) => ({
  pageSize: s.pageSize,
  marginTop: s.marginTop,
  marginRight: s.marginRight,
  marginBottom: s.marginBottom,
  marginLeft: s.marginLeft,
  fontSize: s.fontSize,
  titleFontSize: s.titleFontSize,
});

/**
 * A whole document through its print settings: the page, the header (`headerOf`), the title and blocks, the footer
 * text and page numbers per the show flags. Invoices, receipts and statements differ only in what they pass.
 */
export function documentOf(
  settings: PrintSettingsItem,
  t: (key: LabelKey) => string,
  doc: {
    language: Language;
    head: Parameters<typeof headerOf>[0];
    title: string;
    blocks: PdfDocumentModel['blocks'];
    documentTitle: string;
  },
): PdfDocumentModel {
  return {
    language: doc.language,
    page: pageOf(settings),
    header: headerOf(doc.head, settings, t),
    title: doc.title,
    blocks: doc.blocks,
    footer: settings.show.footer ? settings.footerText : null,
    pageNumber: settings.show.pageNumbers ? pageNumberText(doc.language) : null,
    documentTitle: doc.documentTitle,
  };
}
