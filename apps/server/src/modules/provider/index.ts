/**
 * The provider's console (RL0 staff): list every clinic, create one with its owner and first branch, set its
 * subscription tier and active flag, delete an empty clinic.
 */
export { registerProviderRoutes } from './provider.routes.js';
