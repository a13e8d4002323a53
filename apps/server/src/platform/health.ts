import { ErrorCatalogue } from '@fortuna/contracts/errors';
import type { FastifyInstance } from 'fastify';

/** Liveness and readiness for load balancers; deliberately outside the API envelope. */
export function registerHealth(app: FastifyInstance, isReady: () => Promise<boolean>): void {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const ready = await isReady().catch(() => false);
    if (ready) return { status: 'ready' };
    return reply.status(ErrorCatalogue.NOT_READY.status).send({ status: 'not ready', code: 'NOT_READY' });
  });
}
