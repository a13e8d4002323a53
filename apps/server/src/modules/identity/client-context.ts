import type { FastifyReply, FastifyRequest } from 'fastify';
import { deviceOf } from './device-cookie.ts';
import type { ClientContext } from './identity.deps.ts';

export function clientOf(request: FastifyRequest): ClientContext {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}

/** clientOf and the browser's device id, set in the answer when it had none (ADR 077): logins and registrations. */
export function clientWithDeviceOf(request: FastifyRequest, reply: FastifyReply): ClientContext {
  return { ...clientOf(request), deviceId: deviceOf(request, reply) };
}
