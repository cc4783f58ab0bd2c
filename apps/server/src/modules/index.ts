import type { FastifyInstance } from 'fastify';

/** Every domain module's route registration, in order. A new module adds one line here. */
export const modules: Array<(app: FastifyInstance) => void> = [];
