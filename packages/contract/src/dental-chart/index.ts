export * from './tooth-numbering.js';
export * from './dental-chart.schemas.js';
export * from './dental-chart.routes.js';
