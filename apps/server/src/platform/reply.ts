import { FailureEnvelopeSchema, SUCCESS_CODE } from '@fortuna/contracts/envelope';
import type { FastifyReply } from 'fastify';

/** The success envelope of every API answer. */
export function ok<T>(value: T) {
  return { success: true, value, message: '', code: SUCCESS_CODE };
}

/**
 * Sends JSON that is already encoded (the hot calls keep their answers as bytes). Fastify sends
 * a Buffer as is, skipping the response serializer; the route's response schema still documents
 * the answer in OpenAPI, and the tests check the bytes against that schema.
 */
export function sendJson(reply: FastifyReply, json: Buffer): FastifyReply {
  return reply.type('application/json').send(json);
}

/** Documents the failure envelope under the given HTTP statuses of a route (OpenAPI). */
export function failures<const S extends number>(...statuses: S[]): Record<S, typeof FailureEnvelopeSchema> {
  return Object.fromEntries(statuses.map((status) => [status, FailureEnvelopeSchema])) as Record<
    S,
    typeof FailureEnvelopeSchema
  >;
}
