export * from './notes.schemas.js';
export * from './attachments.schemas.js';
export * from './patient-files.routes.js';
