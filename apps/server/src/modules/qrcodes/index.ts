/**
 * The qrcodes module (issue 17): the clinic's printable QR codes and what a scanned one does on the public page
 * (docs/qrcodes-feedback.md). Other modules use only what this file exports.
 */
import { demoSeeders } from '../../db/demo-data.js';
import { seedDemoQrCodes } from './qrcodes.seed.js';

export { registerQrCodesRoutes } from './qrcodes.routes.js';
export { qrCodes } from './qrcodes.table.js';

demoSeeders.push(seedDemoQrCodes);
