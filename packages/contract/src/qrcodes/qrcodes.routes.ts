import { type CallAccess, defineCall } from '../common/call.js';
import { okOutput, savedOutput } from '../common/schemas.js';
import type { PermissionKey } from '../permissions.js';
import { deleteQrCodeInput, qrCodesInput, qrCodesOutput, saveQrCodeInput, scanQrCodeInput, scanQrCodeOutput } from './qrcodes.schemas.js';

type ClinicAccess = Extract<CallAccess, { permissions: readonly PermissionKey[] }>;

/** The qrcode group opens at tier ST2 (spec §6): /QrCodes lists and prints, /QrCodesSettings edits. */
const read: ClinicAccess = { permissions: ['patient_qrcodes_list', 'qrcodes_settings'], tier: 'ST2' };
const write: ClinicAccess = { permissions: ['qrcodes_settings'], tier: 'ST2', rule: 'Secretariat' };

/** QR codes (controller QrCode; spec §7), with the public page's project call. */
export const qrCodeCalls = {
  getQrCodes: defineCall({
    controller: 'QrCode',
    action: 'GetQrCodes',
    method: 'GET',
    access: read,
    input: qrCodesInput,
    output: qrCodesOutput,
    summary: "The clinic's QR codes (booking, feedback, check-in, social links) with the page each opens",
  }),
  saveQrCode: defineCall({
    controller: 'QrCode',
    action: 'SaveQrCode',
    method: 'POST',
    access: write,
    input: saveQrCodeInput,
    output: savedOutput,
    summary: 'Create a QR code (no id; it gets a new unguessable token) or update its label, branch, link or active flag',
  }),
  deleteQrCode: defineCall({
    controller: 'QrCode',
    action: 'DeleteQrCode',
    method: 'DELETE',
    access: write,
    input: deleteQrCodeInput,
    output: okOutput,
    summary: 'Delete a QR code: printed copies stop working',
  }),
  scanQrCode: defineCall({
    controller: 'QrCode',
    action: 'ScanQrCode',
    method: 'POST',
    access: { public: true },
    input: scanQrCodeInput,
    output: scanQrCodeOutput,
    summary:
      'Project call, no login (rate-limited): what a scanned code does: open the booking page or link, check the patient in for today, or open the feedback form of today\'s visit',
  }),
};
