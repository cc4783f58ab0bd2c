import type { FastifyInstance } from 'fastify';
import { registerLookupsRoutes } from './lookups/index.js';

/** Every domain module's route registration, in order. A new module adds one line here. */
export const modules: Array<(app: FastifyInstance) => void> = [registerLookupsRoutes];
