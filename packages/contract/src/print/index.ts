export * from './print.schemas.js';
export * from './print.routes.js';
