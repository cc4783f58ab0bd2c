/**
 * The qrcodes module (issue 17): the clinic's printable QR codes and what a scanned one does on the public page
 * (docs/qrcodes-feedback.md). Other modules use only what this file exports.
 */
export { registerQrCodesRoutes } from './qrcodes.routes.js';
export { qrCodes } from './qrcodes.table.js';
