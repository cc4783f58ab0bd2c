export * from './feedback.schemas.js';
export * from './feedback.routes.js';
