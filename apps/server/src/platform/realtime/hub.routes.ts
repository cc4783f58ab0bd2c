import type { FastifyInstance } from 'fastify';

/** The authenticated WebSocket endpoint /api/hub (written by the realtime work). */
export function registerHubRoute(app: FastifyInstance) {
  void app;
}
