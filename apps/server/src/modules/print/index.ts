/**
 * The print module: how each kind of document prints (page, margins, fonts, header and footer, show flags, language;
 * one default per type), docs/print.md. Other modules use only what this file exports.
 */
import { demoSeeders } from '../../db/demo-data.js';
import { seedDemoPrintSettings } from './print.seed.js';

export { printSettings } from './print.table.js';
export { registerPrintRoutes } from './print.routes.js';

demoSeeders.push((db, clinicId) => seedDemoPrintSettings(db, clinicId));
export { getDefaultPrintSettings, getPrintSettings } from './print.service.js';
