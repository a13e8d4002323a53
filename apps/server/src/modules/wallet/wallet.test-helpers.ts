import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

export const newRequestId = () => randomUUID();

/** Sends a JSON call as a member and answers status and body. */
export async function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  headers: Record<string, string>,
  payload?: unknown,
) {
  const answer = await app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: answer.statusCode, body: answer.json() };
}
