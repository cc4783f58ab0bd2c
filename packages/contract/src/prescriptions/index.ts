export * from './prescriptions.schemas.js';
export * from './prescriptions.routes.js';
