export * from './payments.schemas.js';
export * from './payments.routes.js';
