import { constants, createCipheriv, createPublicKey, publicEncrypt, randomBytes } from 'node:crypto';
import {
  ENCRYPTED_BODY_CONTENT_TYPE,
  EncryptionPaths,
  PublicKeyValueSchema,
  SEALED_DATA_MAX_CHARS,
  type SealedBody,
  sealedBodyAad,
} from '@fortuna/contracts/encryption';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { ok } from '../reply.ts';
import { sealBody } from './seal.ts';
import { SEALED_BODY_LIMIT_BYTES } from './sealed-body.ts';

const SEALED_PATH = '/wps/test/sealed';
const PLAIN_ONLY_PATH = '/wps/test/plain-only';
const CredentialsSchema = z.object({ username: z.string().min(3), password: z.string().min(1) });
const credentials = { username: 'ana123', password: 'Secret#1' };
const unreadable = {
  success: false,
  value: null,
  message: 'The encrypted body could not be read',
  code: 'MALFORMED_REQUEST',
};

/** The app with two test calls: one that opts in to sealed bodies and one that does not. */
async function appWithTestRoutes(database: Parameters<typeof buildTestApp>[0], received: unknown[]) {
  const app = await buildTestApp(database);
  app.post(
    SEALED_PATH,
    { config: { sealedBody: true }, schema: { body: CredentialsSchema } },
    async (request) => {
      received.push(request.body);
      return ok(request.body);
    },
  );
  app.post(PLAIN_ONLY_PATH, { schema: { body: CredentialsSchema } }, async (request) => {
    received.push(request.body);
    return ok(request.body);
  });
  await app.ready();
  return app;
}

async function publicKeyOf(app: FastifyInstance) {
  const answer = await app.inject({ method: 'GET', url: EncryptionPaths.publicKey });
  return PublicKeyValueSchema.parse(answer.json().value);
}

function postSealed(app: FastifyInstance, url: string, payload: unknown, method: 'POST' | 'PUT' = 'POST') {
  return app.inject({
    method,
    url,
    headers: { 'content-type': ENCRYPTED_BODY_CONTENT_TYPE },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}

/** Seals arbitrary plaintext bytes with node:crypto, for bodies the browser would never send. */
function sealRawPlaintext(plaintext: Buffer, spki: string, keyId: string, aad: string): SealedBody {
  const aesKey = randomBytes(32);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', aesKey, iv);
  cipher.setAAD(Buffer.from(aad));
  const data = Buffer.concat([cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
  const publicKey = createPublicKey({ key: Buffer.from(spki, 'base64'), format: 'der', type: 'spki' });
  const key = publicEncrypt(
    { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    aesKey,
  );
  return { keyId, key: key.toString('base64'), iv: iv.toString('base64'), data: data.toString('base64') };
}

function flipByteOf(base64: string, index: number): string {
  const bytes = Buffer.from(base64, 'base64');
  bytes[index] = (bytes[index] as number) ^ 0x01;
  return bytes.toString('base64');
}

describeEachDatabase('sealed request bodies', (database) => {
  let app: FastifyInstance;
  let key: Awaited<ReturnType<typeof publicKeyOf>>;
  const received: unknown[] = [];
  const seal = (body: unknown, path = SEALED_PATH, method = 'POST') =>
    sealBody(body, key.spki, key.keyId, method, path);

  beforeAll(async () => {
    app = await appWithTestRoutes(database(), received);
    key = await publicKeyOf(app);
  });
  afterAll(() => app.close());
  beforeEach(() => {
    received.length = 0;
  });

  it('when the public key is asked for, then it is an RSA SPKI key with its id, cacheable for 5 minutes', async () => {
    const answer = await app.inject({ method: 'GET', url: EncryptionPaths.publicKey });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('public, max-age=300');
    const value = PublicKeyValueSchema.parse(answer.json().value);
    expect(value.algorithm).toBe('RSA-OAEP-256+A256GCM');
    const publicKey = createPublicKey({
      key: Buffer.from(value.spki, 'base64'),
      format: 'der',
      type: 'spki',
    });
    expect(publicKey.asymmetricKeyType).toBe('rsa');
    expect(publicKey.asymmetricKeyDetails?.modulusLength).toBeGreaterThanOrEqual(2048);
    expect(answer.body).not.toMatch(/PRIVATE/);
  });

  it('when a body is sealed with the public key as the browser does, then the handler receives it', async () => {
    const answer = await postSealed(app, SEALED_PATH, await seal(credentials));
    expect(answer.statusCode).toBe(200);
    expect(answer.json().value).toEqual(credentials);
    expect(received).toEqual([credentials]);
  });

  it('when the URL carries a query, then the body sealed for the bare path still opens', async () => {
    const answer = await postSealed(app, `${SEALED_PATH}?lang=EN`, await seal(credentials));
    expect(answer.statusCode).toBe(200);
    expect(received).toEqual([credentials]);
  });

  it('when the opened body breaks the call schema, then 400 names the field inside it', async () => {
    const answer = await postSealed(app, SEALED_PATH, await seal({ username: 'a', password: 'x' }));
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      value: { issues: [{ field: 'body.username' }] },
    });
    expect(received).toEqual([]);
  });

  it('when an opted-in call gets plain JSON, then it is accepted too', async () => {
    const answer = await app.inject({ method: 'POST', url: SEALED_PATH, payload: credentials });
    expect(answer.statusCode).toBe(200);
    expect(received).toEqual([credentials]);
  });

  const refusals: [string, () => Promise<unknown>][] = [
    [
      'the ciphertext is tampered with',
      async () => {
        const sealed = await seal(credentials);
        return { ...sealed, data: flipByteOf(sealed.data, 3) };
      },
    ],
    [
      'the GCM tag is tampered with',
      async () => {
        const sealed = await seal(credentials);
        return { ...sealed, data: flipByteOf(sealed.data, Buffer.from(sealed.data, 'base64').length - 1) };
      },
    ],
    [
      'the wrapped key is tampered with',
      async () => {
        const sealed = await seal(credentials);
        return { ...sealed, key: flipByteOf(sealed.key, 10) };
      },
    ],
    [
      'the iv is changed',
      async () => {
        const sealed = await seal(credentials);
        return { ...sealed, iv: flipByteOf(sealed.iv, 0) };
      },
    ],
    ["the key id is not the server's", async () => ({ ...(await seal(credentials)), keyId: 'retired-key' })],
    ['it was sealed for another path', async () => seal(credentials, '/wps/member/password')],
    ['it was sealed for another method', async () => seal(credentials, SEALED_PATH, 'PUT')],
    ['the envelope is not JSON', async () => '{"keyId": "k", "key": '],
    [
      'the envelope lacks a field',
      async () => {
        const { iv: _iv, ...rest } = await seal(credentials);
        return rest;
      },
    ],
    ['a field is not base64', async () => ({ ...(await seal(credentials)), iv: 'AAAA*AAAAAAAAAAA' })],
    [
      'the iv is not 12 bytes',
      async () => ({ ...(await seal(credentials)), iv: Buffer.alloc(16).toString('base64') }),
    ],
    ['the data is shorter than a GCM tag', async () => ({ ...(await seal(credentials)), data: 'AAAA' })],
    [
      'the plaintext is not JSON',
      async () =>
        sealRawPlaintext(
          Buffer.from('username=ana123'),
          key.spki,
          key.keyId,
          sealedBodyAad('POST', SEALED_PATH),
        ),
    ],
    [
      'the wrapped key is not 32 bytes of AES key',
      async () => {
        const sealed = await seal(credentials);
        const publicKey = createPublicKey({
          key: Buffer.from(key.spki, 'base64'),
          format: 'der',
          type: 'spki',
        });
        const shortKey = publicEncrypt(
          { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
          randomBytes(16),
        );
        return { ...sealed, key: shortKey.toString('base64') };
      },
    ],
    [
      'a field is longer than the contract allows',
      async () => ({
        ...(await seal(credentials)),
        data: 'A'.repeat(SEALED_DATA_MAX_CHARS + 4),
      }),
    ],
  ];

  for (const [situation, sealedPayload] of refusals) {
    it(`when ${situation}, then 400 MALFORMED_REQUEST says only that the body could not be read`, async () => {
      const answer = await postSealed(app, SEALED_PATH, await sealedPayload());
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual(unreadable);
      expect(received).toEqual([]);
    });
  }

  it('when a sealed body is larger than the sealed body limit, then 413 and the handler is not reached', async () => {
    const sealed = await seal(credentials);
    const answer = await postSealed(app, SEALED_PATH, {
      ...sealed,
      data: 'A'.repeat(SEALED_BODY_LIMIT_BYTES),
    });
    expect(answer.statusCode).toBe(413);
    expect(answer.json()).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
    expect(received).toEqual([]);
  });

  it('when a call that did not opt in gets a sealed body, then 415 and the handler is not reached', async () => {
    const answer = await postSealed(app, PLAIN_ONLY_PATH, await seal(credentials, PLAIN_ONLY_PATH));
    expect(answer.statusCode).toBe(415);
    expect(answer.json()).toMatchObject({ success: false, code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect(received).toEqual([]);
  });

  it('when a sealed body goes to a path that does not exist, then 404', async () => {
    const answer = await postSealed(app, '/wps/test/nowhere', await seal(credentials, '/wps/test/nowhere'));
    expect(answer.statusCode).toBe(404);
  });

  it("when two nodes run on one database, then they hand out one key and open each other's bodies", async () => {
    const otherReceived: unknown[] = [];
    const otherNode = await appWithTestRoutes(database(), otherReceived);
    try {
      expect(await publicKeyOf(otherNode)).toEqual(key);
      const answer = await postSealed(otherNode, SEALED_PATH, await seal(credentials));
      expect(answer.statusCode).toBe(200);
      expect(otherReceived).toEqual([credentials]);
    } finally {
      await otherNode.close();
    }
  });
});
