export * from './clinics.schemas.js';
export * from './provider.routes.js';
