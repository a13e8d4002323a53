import {
  ENCRYPTED_BODY_CONTENT_TYPE,
  EncryptionCalls,
  SEALED_DATA_MAX_CHARS,
  sealedBodyAad,
} from '@fortuna/contracts/encryption';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { routeOf } from '../declared-route.ts';
import { AppError } from '../errors.ts';
import { ok } from '../reply.ts';
import { openSealedBody, UnreadableSealedBody } from './open-sealed-body.ts';
import type { SealingKey } from './sealing-keys.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The call accepts its body sealed for the server (spec 7.1 "encrypted"), as well as plain JSON. */
    sealedBody?: boolean;
  }
}

export const UNREADABLE_SEALED_BODY_MESSAGE = 'The encrypted body could not be read';

/** Room for the longest sealed data and the rest of the envelope (wrapped key, nonce, key id). */
export const SEALED_BODY_LIMIT_BYTES = SEALED_DATA_MAX_CHARS + 4096;
const PUBLIC_KEY_MAX_AGE_SECONDS = 300;

/**
 * Sealed request bodies: the public key call, and a body parser that opens sealed bodies on the
 * calls that opt in with `config: { sealedBody: true }`. Register before the business modules so
 * that their routes inherit the parser.
 */
export function registerSealedBodies(app: FastifyInstance, key: SealingKey): void {
  const publicKey = ok({
    keyId: key.keyId,
    spki: key.publicKeySpkiBase64,
    algorithm: 'RSA-OAEP-256+A256GCM' as const,
  });

  app.route({
    ...routeOf(EncryptionCalls.publicKey, {
      tags: ['system'],
      summary: 'The public key that bodies of encrypted calls are sealed for',
      failures: [],
    }),
    handler: async (_request, reply) => {
      reply.header('cache-control', `public, max-age=${PUBLIC_KEY_MAX_AGE_SECONDS}`);
      return publicKey;
    },
  });

  app.addContentTypeParser(
    ENCRYPTED_BODY_CONTENT_TYPE,
    { parseAs: 'string', bodyLimit: SEALED_BODY_LIMIT_BYTES },
    async (request: FastifyRequest, body: string | Buffer) => {
      // An unknown path is answered 404 by the not-found handler, not refused as a media type.
      if (request.is404) return undefined;
      if (request.routeOptions.config.sealedBody !== true) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
      const path = request.url.split('?', 1)[0] ?? request.url;
      try {
        return openSealedBody(body.toString(), key, sealedBodyAad(request.method, path));
      } catch (error) {
        // Whatever went wrong, the client learns only that the body could not be read.
        if (error instanceof UnreadableSealedBody)
          request.log.info({ reason: error.message }, 'sealed body refused');
        else request.log.warn({ err: error }, 'sealed body refused unexpectedly');
        throw new AppError('MALFORMED_REQUEST', { message: UNREADABLE_SEALED_BODY_MESSAGE });
      }
    },
  );
}
