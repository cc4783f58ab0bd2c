export * from './booking.schemas.js';
export * from './booking.routes.js';
