export * from './patient-name.js';
export * from './patient.schemas.js';
export * from './patients.routes.js';
