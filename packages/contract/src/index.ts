export * from './enums.js';
export * from './permissions.js';
export * from './navigation.js';
export * from './common/errors.js';
export * from './common/call.js';
export * from './common/schemas.js';
export * from './auth/auth.schemas.js';
export * from './auth/auth.routes.js';
