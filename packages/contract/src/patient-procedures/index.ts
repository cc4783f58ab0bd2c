export * from './patient-procedures.schemas.js';
export * from './patient-procedures.routes.js';
