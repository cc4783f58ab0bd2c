export * from './password-generator.js';
export * from './working-hours.js';
export * from './users.schemas.js';
export * from './users.routes.js';
