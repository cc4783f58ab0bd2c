export * from './qrcodes.schemas.js';
export * from './qrcodes.routes.js';
