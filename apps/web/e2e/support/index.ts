export * from './api';
export * from './auth';
export * from './demo';
export * from './env';
export * from './language';
export * from './procedures';
export * from './clinic-time';
export * from './navigation';
