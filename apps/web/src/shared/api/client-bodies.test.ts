import { constants, createDecipheriv, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { defineCall } from '@fortuna/contracts/call';
import {
  ENCRYPTED_BODY_CONTENT_TYPE,
  EncryptionPaths,
  SealedBodySchema,
  sealedBodyAad,
} from '@fortuna/contracts/encryption';
import { envelopeOf } from '@fortuna/contracts/envelope';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { ApiError } from './api-error.ts';

const DoneResponseSchema = envelopeOf(z.object({ done: z.boolean() }));
const LOGIN_PATH = '/wps/session/login';
const REGISTER_PATH = '/wps/member/register';
const CredentialsSchema = z.object({ username: z.string(), password: z.string() });
const Login = defineCall({
  method: 'POST',
  path: LOGIN_PATH,
  body: CredentialsSchema,
  sealed: true,
  response: DoneResponseSchema,
});
const Register = defineCall({
  method: 'PUT',
  path: REGISTER_PATH,
  body: CredentialsSchema,
  sealed: true,
  response: DoneResponseSchema,
});
const SendFeedback = defineCall({
  method: 'POST',
  path: '/wps/feedback',
  body: z.object({ content: z.string() }),
  response: DoneResponseSchema,
});
const Logout = defineCall({ method: 'DELETE', path: '/wps/session/logout', response: DoneResponseSchema });
const ForgotByEmail = defineCall({
  method: 'POST',
  path: '/wps/member/password/email',
  encoding: 'form',
  body: z.object({ username: z.string(), email: z.string() }),
  response: DoneResponseSchema,
});
const UploadProof = defineCall({
  method: 'POST',
  path: '/wps/withdrawal/:id/proof',
  params: z.object({ id: z.number() }),
  encoding: 'multipart',
  response: DoneResponseSchema,
});
const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
const keyValue = {
  keyId: 'key-1',
  spki: pair.publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
  algorithm: 'RSA-OAEP-256+A256GCM',
};
const success = { success: true, value: { done: true }, message: '', code: 'OK' };
const unreadable = {
  success: false,
  value: null,
  message: 'The encrypted body could not be read',
  code: 'MALFORMED_REQUEST',
};

type Sent = {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: RequestInit['body'];
  cache: RequestCache | undefined;
};

/** A server stand-in: answers the public key call, and each other call from `answers` in turn. */
function serverAnswering(...answers: [number, unknown][]) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      sent.push({
        url,
        method: init.method ?? 'GET',
        headers: init.headers as Record<string, string>,
        body: init.body,
        cache: init.cache,
      });
      if (url === EncryptionPaths.publicKey)
        return new Response(JSON.stringify({ success: true, value: keyValue, message: '', code: 'OK' }));
      const [status, body] = answers.shift() ?? [500, {}];
      return new Response(JSON.stringify(body), { status });
    }),
  );
  return {
    keyFetches: () => sent.filter((request) => request.url === EncryptionPaths.publicKey),
    calls: () => sent.filter((request) => request.url !== EncryptionPaths.publicKey),
  };
}

/** Opens a sealed body as the server does. */
function openSealed(body: RequestInit['body'], aad: string): unknown {
  const sealed = SealedBodySchema.parse(JSON.parse(String(body ?? '')));
  const aesKey = privateDecrypt(
    { key: pair.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(sealed.key, 'base64'),
  );
  const data = Buffer.from(sealed.data, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', aesKey, Buffer.from(sealed.iv, 'base64'));
  decipher.setAAD(Buffer.from(aad));
  decipher.setAuthTag(data.subarray(-16));
  return JSON.parse(Buffer.concat([decipher.update(data.subarray(0, -16)), decipher.final()]).toString());
}

// The key is cached per page load, that is per module instance: each test loads a fresh client.
async function freshClient() {
  vi.resetModules();
  return import('./client.ts');
}

describe('api client request bodies', () => {
  const credentials = { username: 'ana123', password: 'Secret#1' };
  beforeEach(() => vi.resetModules());
  afterEach(() => vi.unstubAllGlobals());

  it('when a call is sealed, then its body is sealed for the server key with the sealed content type', async () => {
    const server = serverAnswering([200, success]);
    const { callApi } = await freshClient();
    await expect(callApi(Login, { body: credentials })).resolves.toEqual({
      done: true,
    });
    const [call] = server.calls();
    expect(call?.headers['content-type']).toBe(ENCRYPTED_BODY_CONTENT_TYPE);
    expect(call?.body).not.toContain('Secret#1');
    expect(openSealed(call?.body, sealedBodyAad('POST', LOGIN_PATH))).toEqual(credentials);
  });

  it('when several sealed calls are made, then the public key is fetched once', async () => {
    const server = serverAnswering([200, success], [200, success]);
    const { callApi } = await freshClient();
    await callApi(Login, { body: credentials });
    await callApi(Register, { body: credentials });
    expect(server.keyFetches()).toHaveLength(1);
    expect(openSealed(server.calls()[1]?.body, sealedBodyAad('PUT', REGISTER_PATH))).toEqual(credentials);
  });

  it('when the server cannot open a sealed body, then the key is fetched again and the call retried once', async () => {
    const server = serverAnswering([400, unreadable], [200, success]);
    const { callApi } = await freshClient();
    await expect(callApi(Login, { body: credentials })).resolves.toEqual({
      done: true,
    });
    // The browser's HTTP cache may still hold the refused key: the second fetch revalidates.
    expect(server.keyFetches().map((request) => request.cache)).toEqual([undefined, 'no-cache']);
    expect(server.calls()).toHaveLength(2);
  });

  it('when the retry cannot be opened either, then the failure is reported and nothing more is sent', async () => {
    const server = serverAnswering([400, unreadable], [400, unreadable], [200, success]);
    const { callApi } = await freshClient();
    const failure = (await callApi(Login, { body: credentials }).catch(
      (error: unknown) => error,
    )) as ApiError;
    expect(failure.code).toBe('MALFORMED_REQUEST');
    expect(failure.message).toBe('The encrypted body could not be read');
    expect(server.calls()).toHaveLength(2);
  });

  it('when a sealed call fails for another reason, then it is not retried', async () => {
    const server = serverAnswering([
      401,
      { success: false, value: null, message: 'no', code: 'LOGIN_FAILED' },
    ]);
    const { callApi } = await freshClient();
    const failure = (await callApi(Login, { body: credentials }).catch(
      (error: unknown) => error,
    )) as ApiError;
    expect(failure.code).toBe('LOGIN_FAILED');
    expect(server.calls()).toHaveLength(1);
    expect(server.keyFetches()).toHaveLength(1);
  });

  it('when a call is not sealed, then the body goes as plain JSON and no key is fetched', async () => {
    const server = serverAnswering([200, success]);
    const { callApi } = await freshClient();
    await callApi(SendFeedback, { body: { content: 'hi' } });
    expect(server.keyFetches()).toHaveLength(0);
    expect(server.calls()[0]?.headers['content-type']).toBe('application/json');
    expect(server.calls()[0]?.body).toBe('{"content":"hi"}');
  });

  it('when a call has no body, then neither a body nor a content type is sent', async () => {
    const server = serverAnswering([200, success]);
    const { callApi } = await freshClient();
    await callApi(Logout);
    expect(server.calls()[0]?.headers['content-type']).toBeUndefined();
    expect(server.calls()[0]?.body).toBeUndefined();
  });

  it('when a form is sent, then its fields are form-urlencoded in a POST', async () => {
    const server = serverAnswering([200, success]);
    const { callApi } = await freshClient();
    await callApi(ForgotByEmail, { body: { username: 'ana 123', email: 'ana+1@mail.example' } });
    const [call] = server.calls();
    expect(call?.method).toBe('POST');
    expect(call?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(call?.body).toBe('username=ana+123&email=ana%2B1%40mail.example');
    expect(Object.fromEntries(new URLSearchParams(String(call?.body)))).toEqual({
      username: 'ana 123',
      email: 'ana+1@mail.example',
    });
  });

  it('when files are sent, then the form goes as it is in a POST to the filled-in path, the browser setting its multipart type', async () => {
    const server = serverAnswering([200, success]);
    const { callApi } = await freshClient();
    const form = new FormData();
    form.append('proof', new Blob(['receipt'], { type: 'image/png' }), 'proof.png');
    await callApi(UploadProof, { params: { id: 42 }, body: form });
    const [call] = server.calls();
    expect(call?.url).toBe('/wps/withdrawal/42/proof');
    expect(call?.method).toBe('POST');
    expect(call?.body).toBe(form);
    expect(call?.headers['content-type']).toBeUndefined();
    expect(server.keyFetches()).toHaveLength(0);
  });
});
