export * from './lab-status.js';
export * from './labs.schemas.js';
export * from './labs.routes.js';
