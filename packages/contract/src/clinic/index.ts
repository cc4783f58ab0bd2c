export * from './clinic.schemas.js';
export * from './branches.schemas.js';
export * from './clinic.routes.js';
