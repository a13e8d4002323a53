import type { FastifyRequest } from 'fastify';
import type { ClientContext } from './identity.deps.ts';

export function clientOf(request: FastifyRequest): ClientContext {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}
