export * from './system-lookups.js';
export * from './system-lookups.schemas.js';
export * from './rooms.schemas.js';
export * from './payment-types.schemas.js';
export * from './clinic-lookups.schemas.js';
export * from './lookups.routes.js';
