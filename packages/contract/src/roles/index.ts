export * from './role-permissions.js';
export * from './roles.schemas.js';
export * from './roles.routes.js';
