export * from '../common/decimal-text.js';
export * from './insurance-companies.schemas.js';
export * from './patient-limits.schemas.js';
export * from './insurance.routes.js';
