export * from './patient-name.js';
