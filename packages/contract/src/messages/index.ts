export * from './message-types.js';
export * from './sms-length.js';
export * from './messages.schemas.js';
export * from './messages.routes.js';
