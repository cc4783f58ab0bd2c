export * from './treatments.schemas.js';
export * from './treatments.routes.js';
