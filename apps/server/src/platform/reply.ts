import { SUCCESS_CODE } from '@fortuna/contracts/envelope';
import type { FastifyReply } from 'fastify';

/** The success envelope of every API answer. */
export function ok<T>(value: T) {
  return { success: true, value, message: '', code: SUCCESS_CODE };
}

/**
 * Sends JSON that is already serialised (hot calls keep their answer as a string); Fastify
 * sends a string with a JSON content type as is, skipping the response serializer.
 */
export function sendJson(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json').send(json);
}
