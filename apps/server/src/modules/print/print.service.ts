import {
  PRINT_SHOW_DEFAULTS,
  type PrintDocumentType,
  type PrintLetterhead,
  type PrintSettingsItem,
  type SavePrintSettingsInput,
  builtInPrintSettings,
} from '@dental/contract';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { clinics } from '../../platform/auth/identity.table.js';
import type { ClinicSession } from '../../platform/auth/session.js';
import { lockKeys } from '../../platform/db/locks.js';
import type { Tx } from '../../platform/db/types.js';
import { assertNamesFree } from '../../platform/db/unique-names.js';
import { fail } from '../../platform/errors.js';
import { fileUrl } from '../../platform/files/images.js';
import { printSettings } from './print.table.js';

type Row = typeof printSettings.$inferSelect;

/** A stored row as the contract's item: its show flags over the defaults (a flag added later reads its default). */
function toItem(row: Row): PrintSettingsItem {
  return {
    id: row.id,
    name: row.name,
    documentType: row.documentType as PrintSettingsItem['documentType'],
    pageSize: row.pageSize as PrintSettingsItem['pageSize'],
    marginTop: row.marginTop,
    marginRight: row.marginRight,
    marginBottom: row.marginBottom,
    marginLeft: row.marginLeft,
    fontSize: row.fontSize,
    titleFontSize: row.titleFontSize,
    headerText: row.headerText,
    footerText: row.footerText,
    language: row.language as PrintSettingsItem['language'],
    show: Object.fromEntries(
      Object.entries(PRINT_SHOW_DEFAULTS).map(([k, dflt]) => [k, typeof row.show?.[k] === 'boolean' ? row.show[k] : dflt]),
    ) as PrintSettingsItem['show'],
    isDefault: row.isDefault,
    builtIn: false,
  };
}

/** Print/GetPrintSettingsList: by document type, then name. */
export async function listPrintSettings(tx: Tx, session: ClinicSession, documentType?: PrintDocumentType) {
  const rows = await tx
    .select()
    .from(printSettings)
    .where(and(eq(printSettings.clinicId, session.clinicId), documentType ? eq(printSettings.documentType, documentType) : undefined))
    .orderBy(asc(printSettings.documentType), asc(sql`lower(${printSettings.name})`), asc(printSettings.id));
  return { items: rows.map(toItem) };
}

async function findSettings(tx: Tx, session: ClinicSession, id: number, lock = false) {
  const query = tx.select().from(printSettings).where(and(eq(printSettings.clinicId, session.clinicId), eq(printSettings.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? fail('print_settings_not_found');
}

export async function getPrintSettings(tx: Tx, session: ClinicSession, id: number) {
  return toItem(await findSettings(tx, session, id));
}

/** Print/GetDefaultPrintTypeSettings: the clinic's default of the type, else the built-in one. */
export async function getDefaultPrintSettings(tx: Tx, session: ClinicSession, documentType: PrintDocumentType) {
  const [row] = await tx
    .select()
    .from(printSettings)
    .where(and(eq(printSettings.clinicId, session.clinicId), eq(printSettings.documentType, documentType), eq(printSettings.isDefault, true)));
  return row ? toItem(row) : builtInPrintSettings(documentType);
}

/** The lock every change of a type's default takes, so one default per type holds under concurrency. */
const defaultLock = (documentType: string) => `print_settings_default:${documentType}`;

/**
 * Print/SavePrintSettings. The name is free in the type (under the name's lock); a default first unsets the type's
 * previous default in the same transaction, under the type's lock, so a second concurrent default waits and then
 * unsets this one (the partial unique index print_settings_default_uq backs the rule).
 */
export async function savePrintSettings(tx: Tx, session: ClinicSession, input: SavePrintSettingsInput) {
  // the type's lock before any row's: a save of the current default (its row lock) and a new default (which unsets
  // that row) then take their locks in the same order and never wait for each other in a circle
  await lockKeys(tx, [defaultLock(input.documentType)]);
  if (input.id) {
    const existing = await findSettings(tx, session, input.id, true);
    if (existing.documentType !== input.documentType) fail('print_settings_type_fixed', { documentType: 'print_settings_type_fixed' });
  }
  await assertNamesFree(
    tx,
    printSettings,
    and(
      eq(printSettings.clinicId, session.clinicId),
      eq(printSettings.documentType, input.documentType),
      input.id ? ne(printSettings.id, input.id) : undefined,
    ),
    { name: [printSettings.name, input.name] },
  );
  if (input.isDefault)
    await tx
      .update(printSettings)
      .set({ isDefault: false, updatedAt: new Date() })
      .where(
        and(
          eq(printSettings.clinicId, session.clinicId),
          eq(printSettings.documentType, input.documentType),
          eq(printSettings.isDefault, true),
          input.id ? ne(printSettings.id, input.id) : undefined,
        ),
      );
  const values = {
    name: input.name,
    documentType: input.documentType,
    pageSize: input.pageSize,
    marginTop: input.marginTop,
    marginRight: input.marginRight,
    marginBottom: input.marginBottom,
    marginLeft: input.marginLeft,
    fontSize: input.fontSize,
    titleFontSize: input.titleFontSize,
    headerText: input.headerText?.trim() || null,
    footerText: input.footerText?.trim() || null,
    language: input.language,
    show: input.show,
    isDefault: input.isDefault,
  };
  if (input.id) {
    await tx
      .update(printSettings)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(printSettings.clinicId, session.clinicId), eq(printSettings.id, input.id)));
    return { id: input.id };
  }
  const [row] = await tx.insert(printSettings).values({ clinicId: session.clinicId, ...values }).returning({ id: printSettings.id });
  return { id: row!.id };
}

/** Print/DeletePrintSettings: deleting the default leaves the type on its built-in default. */
export async function deletePrintSettings(tx: Tx, session: ClinicSession, id: number) {
  await findSettings(tx, session, id, true);
  await tx.delete(printSettings).where(and(eq(printSettings.clinicId, session.clinicId), eq(printSettings.id, id)));
  return { ok: true as const };
}

/**
 * Print/GetPrintLetterhead: the clinic's details a printed header shows, for any user of the clinic (the web's print layout reads these instead of Lookups/GetClinic, which needs clinic_show).
 */
export async function getPrintLetterhead(tx: Tx, session: ClinicSession): Promise<PrintLetterhead> {
  const [clinic] = await tx.select().from(clinics).where(eq(clinics.id, session.clinicId));
  if (!clinic) return fail('clinic_not_found');
  return {
    clinicName: clinic.displayName,
    logoUrl: fileUrl(clinic.logoKey),
    address: [clinic.address, clinic.city].filter(Boolean).join(', ') || null,
    mobile: clinic.mobile,
    taxNo: clinic.taxNo,
    commercialRegistrationNo: clinic.commercialRegistrationNo,
  };
}
