/**
 * The dental chart module: a patient's charted teeth (colours, surfaces, extras, parts, extensions), tooth notes
 * and root-canal measurements. Other modules use only what this file exports.
 */
import { addDemoRecordSeeder } from '../../db/demo-data.js';
import { seedDemoChart } from './dental-chart.seed.js';

export { registerDentalChartRoutes } from './dental-chart.routes.js';
export { patientTeeth, toothCanals, toothNotes } from './dental-chart.table.js';

// The patients module (imported through the services) registers its demo seeder first, so patients exist here.
addDemoRecordSeeder('history', (db, clinicId) => seedDemoChart(db, clinicId));
