export * from './notification-kinds.js';
export * from './notifications.schemas.js';
export * from './notifications.routes.js';
