export * from './invoices.schemas.js';
export * from './invoices.routes.js';
