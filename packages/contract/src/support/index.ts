export * from './support.schemas.js';
export * from './support.routes.js';
