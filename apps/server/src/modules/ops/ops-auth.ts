import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.ts';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Checks `Authorization: Bearer <OPS_TOKEN>` in constant time (hashing evens out the lengths). */
export function createOpsGuard(opsToken: string) {
  const expected = digest(opsToken);
  return async (request: FastifyRequest): Promise<void> => {
    const header = request.headers.authorization ?? '';
    const presented = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    if (!presented || !timingSafeEqual(digest(presented), expected)) {
      throw new AppError('UNAUTHENTICATED', { message: 'A valid operator token is required' });
    }
  };
}
