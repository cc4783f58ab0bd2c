export * from './documents.schemas.js';
export * from './documents.routes.js';
