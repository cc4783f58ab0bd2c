import { type CallAccess, defineCall } from '../common/call.js';
import { idInput, okOutput, savedOutput } from '../common/schemas.js';
import { GROUP_TIER, type PermissionKey } from '../permissions.js';
import {
  defaultPrintSettingsInput,
  deletePrintSettingsInput,
  printLetterheadInput,
  printLetterheadOutput,
  printSettingsItem,
  printSettingsListInput,
  printSettingsListOutput,
  savePrintSettingsInput,
} from './print.schemas.js';

type ClinicAccess = Extract<CallAccess, { permissions: readonly PermissionKey[] }>;

const tier = GROUP_TIER.print;
/** /PrintSettings and /AddEditPrintSettings carry the Secretariat rule (spec §2); so do their writes. */
const settings = (...permissions: PermissionKey[]): ClinicAccess => ({ permissions, tier, rule: 'Secretariat' });

/**
 * Print settings (Print controller, spec §7). Reading the list or one row needs `settings_print_list` (or the edit
 * key); saving and deleting `settings_print_edit`. GetDefaultPrintTypeSettings is read by every screen that prints
 * (an invoice, a receipt, a treatment plan), so any logged-in user of the clinic may call it (no key, no rule); so is
 * GetPrintLetterhead, the clinic's details for the header (Lookups/GetClinic needs clinic_show, which a secretary
 * who prints may lack).
 */
export const printCalls = {
  getPrintSettingsList: defineCall({
    controller: 'Print',
    action: 'GetPrintSettingsList',
    method: 'GET',
    access: settings('settings_print_list', 'settings_print_edit'),
    input: printSettingsListInput,
    output: printSettingsListOutput,
    summary: "The clinic's print settings, optionally of one document type, by type and name",
  }),
  getPrintSettings: defineCall({
    controller: 'Print',
    action: 'GetPrintSettings',
    method: 'GET',
    access: settings('settings_print_list', 'settings_print_edit'),
    input: idInput,
    output: printSettingsItem,
    summary: 'One print settings row of the clinic',
  }),
  getDefaultPrintTypeSettings: defineCall({
    controller: 'Print',
    action: 'GetDefaultPrintTypeSettings',
    method: 'GET',
    access: { permissions: [], tier },
    input: defaultPrintSettingsInput,
    output: printSettingsItem,
    summary: "How a document type prints: the clinic's default settings of the type, or the built-in default when none is saved",
  }),
  getPrintLetterhead: defineCall({
    controller: 'Print',
    action: 'GetPrintLetterhead',
    method: 'GET',
    access: { permissions: [], tier },
    input: printLetterheadInput,
    output: printLetterheadOutput,
    summary: "What a printed document's header shows: the clinic's name, logo, address, phone and tax numbers, for every user of the clinic",
  }),
  savePrintSettings: defineCall({
    controller: 'Print',
    action: 'SavePrintSettings',
    method: 'POST',
    access: settings('settings_print_edit'),
    input: savePrintSettingsInput,
    output: savedOutput,
    summary: 'Add print settings (no id) or replace one; isDefault makes it the type’s only default',
  }),
  deletePrintSettings: defineCall({
    controller: 'Print',
    action: 'DeletePrintSettings',
    method: 'DELETE',
    access: settings('settings_print_edit'),
    input: deletePrintSettingsInput,
    output: okOutput,
    summary: 'Delete print settings; deleting the default leaves the built-in default for its type',
  }),
};
