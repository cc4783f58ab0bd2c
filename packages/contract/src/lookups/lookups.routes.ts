import { type CallAccess, defineCall } from '../common/call.js';
import { idInput, listOutput, okOutput, savedOutput } from '../common/schemas.js';
import type { PermissionKey } from '../permissions.js';
import {
  clinicLookupItem,
  clinicLookupListInput,
  lookupOptionsInput,
  lookupOptionsOutput,
  saveClinicLookupInput,
} from './clinic-lookups.schemas.js';
import { paymentTypeItem, paymentTypeListInput, savePaymentTypeInput } from './payment-types.schemas.js';
import { roomItem, roomListInput, saveRoomInput } from './rooms.schemas.js';
import { getLookupsInput, systemLookupsOutput } from './system-lookups.schemas.js';

type ClinicAccess = Extract<CallAccess, { permissions: readonly PermissionKey[] }>;

/** Settings pages of spec §2 carry the Secretariat rule; their calls carry it too. */
const secretariat = (...permissions: PermissionKey[]): ClinicAccess => ({
  permissions,
  tier: 'ST0',
  rule: 'Secretariat',
});
/** Reads other modules' forms use as dropdowns: any of these keys, whatever the role. */
const anyOf = (...permissions: PermissionKey[]): ClinicAccess => ({ permissions, tier: 'ST0' });

/**
 * Lookups: rooms, payment types, the clinic's editable lists and the fixed system lists.
 * A Save call creates when `id` is absent (needs the add key) and updates otherwise (needs the edit key).
 */
export const lookupsCalls = {
  getLookups: defineCall({
    controller: 'Lookups',
    action: 'GetLookups',
    method: 'GET',
    access: anyOf(),
    input: getLookupsInput,
    output: systemLookupsOutput,
    summary: 'The fixed items of a system list (countries, currencies, statuses ...) in ar, en and fr',
  }),

  getRooms: defineCall({
    controller: 'Lookups',
    action: 'GetRooms',
    method: 'GET',
    access: secretariat('room_list'),
    input: roomListInput,
    output: listOutput(roomItem),
    summary: "The clinic's rooms: search by name, sort, page",
  }),
  saveRoom: defineCall({
    controller: 'Lookups',
    action: 'SaveRoom',
    method: 'POST',
    access: secretariat('room_add', 'room_edit'),
    input: saveRoomInput,
    output: savedOutput,
    summary: 'Add a room (no id) or rename and recolour one',
  }),
  deleteRoom: defineCall({
    controller: 'Lookups',
    action: 'DeleteRoom',
    method: 'DELETE',
    access: secretariat('room_delete'),
    input: idInput,
    output: okOutput,
    summary: 'Delete a room',
  }),

  getPaymentTypeList: defineCall({
    controller: 'Lookups',
    action: 'GetPaymentTypeList',
    method: 'GET',
    access: anyOf('settings_payment_type_list', 'financial_list', 'patient_procedures'),
    input: paymentTypeListInput,
    output: listOutput(paymentTypeItem),
    summary: "The clinic's payment types: search by name, sort, page, optionally only the active ones",
  }),
  savePaymentType: defineCall({
    controller: 'Lookups',
    action: 'SavePaymentType',
    method: 'POST',
    access: secretariat('settings_payment_type_add', 'settings_payment_type_edit'),
    input: savePaymentTypeInput,
    output: savedOutput,
    summary: 'Add a payment type (no id) or update one; the default type stays active',
  }),
  deletePaymentType: defineCall({
    controller: 'Lookups',
    action: 'DeletePaymentType',
    method: 'DELETE',
    access: secretariat('settings_payment_type_delete'),
    input: idInput,
    output: okOutput,
    summary: 'Delete a payment type other than the default one',
  }),

  getClinicLookups: defineCall({
    controller: 'Lookups',
    action: 'GetClinicLookups',
    method: 'GET',
    access: secretariat('settings_clinic_lookups_list'),
    input: clinicLookupListInput,
    output: listOutput(clinicLookupItem),
    summary: "One of the clinic's editable lists (references, occupations ...): search, sort, page",
  }),
  saveClinicLookup: defineCall({
    controller: 'Lookups',
    action: 'SaveClinicLookup',
    method: 'POST',
    access: secretariat('settings_clinic_lookups_add', 'settings_clinic_lookups_edit'),
    input: saveClinicLookupInput,
    output: savedOutput,
    summary: 'Add a row to a clinic list (no id) or update one',
  }),
  deleteClinicLookup: defineCall({
    controller: 'Lookups',
    action: 'DeleteClinicLookup',
    method: 'DELETE',
    access: secretariat('settings_clinic_lookups_delete'),
    input: idInput,
    output: okOutput,
    summary: 'Delete a row of a clinic list',
  }),
  getRefrencesLookups: defineCall({
    controller: 'Lookups',
    action: 'GetRefrencesLookups',
    method: 'GET',
    access: anyOf('patient_add', 'patient_edit', 'patient_list', 'settings_clinic_lookups_list'),
    input: lookupOptionsInput,
    output: lookupOptionsOutput,
    summary: 'The active rows of a clinic list for a dropdown (patient references unless groupName says otherwise)',
  }),
};
