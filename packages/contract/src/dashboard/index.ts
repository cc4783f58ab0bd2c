export * from './dashboard.schemas.js';
export * from './dashboard.routes.js';
