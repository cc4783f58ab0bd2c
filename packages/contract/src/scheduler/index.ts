export * from './appointment-status.js';
export * from './appointments.schemas.js';
export * from './vacations.schemas.js';
export * from './scheduler.routes.js';
export * from './waiting-room-name.js';
