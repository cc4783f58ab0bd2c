export * from './medical-rules.js';
export * from './medical-categories.schemas.js';
export * from './medical-questions.schemas.js';
export * from './medical-history.schemas.js';
export * from './medical.routes.js';
