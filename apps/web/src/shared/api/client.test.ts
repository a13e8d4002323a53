import { defineCall } from '@fortuna/contracts/call';
import { envelopeOf } from '@fortuna/contracts/envelope';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { onSessionDied } from '../session/dead-session.ts';
import { ApiError } from './api-error.ts';
import { callApi } from './client.ts';

const GreetingResponseSchema = envelopeOf(z.object({ greeting: z.string() }));
const Greet = defineCall({
  method: 'GET',
  path: '/wps/hello',
  query: z.object({ lang: z.string().optional() }),
  response: GreetingResponseSchema,
});
const SayHello = defineCall({
  method: 'POST',
  path: '/wps/hello',
  body: z.object({ name: z.string() }),
  response: GreetingResponseSchema,
});

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function sentRequest(fetchMock: ReturnType<typeof answer>) {
  const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
  return { url, init, headers: init.headers as Record<string, string> };
}

async function failureOf(call: Promise<unknown>): Promise<ApiError> {
  const failure = await call.then(
    () => null,
    (error: unknown) => error,
  );
  expect(failure).toBeInstanceOf(ApiError);
  return failure as ApiError;
}

describe('api client', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('when the answer succeeds, then the envelope value is returned and the query is sent', async () => {
    const fetchMock = answer(200, { success: true, value: { greeting: 'hi' }, message: '', code: 'OK' });
    await expect(callApi(Greet, { query: { lang: 'TY' } })).resolves.toEqual({
      greeting: 'hi',
    });
    expect(sentRequest(fetchMock).url).toBe('/wps/hello?lang=TY');
  });

  it('when a session token exists, then it is sent as a bearer token with the JSON body', async () => {
    sessionStorage.setItem('token', 'abc');
    const fetchMock = answer(200, { success: true, value: { greeting: 'hi' }, message: '', code: 'OK' });
    await callApi(SayHello, { body: { name: 'Ana' } });
    const { init, headers } = sentRequest(fetchMock);
    expect(headers.authorization).toBe('Bearer abc');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"name":"Ana"}');
  });

  it('when no session token exists, then no authorization header is sent', async () => {
    const fetchMock = answer(200, { success: true, value: { greeting: 'hi' }, message: '', code: 'OK' });
    await callApi(Greet);
    expect(sentRequest(fetchMock).headers.authorization).toBeUndefined();
  });

  it('when the server refuses, then an ApiError carries its code, message, status and field issues', async () => {
    answer(400, {
      success: false,
      value: { issues: [{ field: 'query.lang', message: 'Invalid option' }] },
      message: 'Some fields are not valid',
      code: 'VALIDATION_FAILED',
    });
    const failure = await failureOf(callApi(Greet));
    expect(failure.code).toBe('VALIDATION_FAILED');
    expect(failure.message).toBe('Some fields are not valid');
    expect(failure.status).toBe(400);
    expect(failure.issues).toEqual([{ field: 'query.lang', message: 'Invalid option' }]);
  });

  it('when a refusal carries a value, then the ApiError keeps it raw for the caller', async () => {
    answer(401, {
      success: false,
      value: { captcha: true },
      message: 'Wrong password',
      code: 'LOGIN_FAILED',
    });
    const failure = await failureOf(callApi(Greet));
    expect(failure.value).toEqual({ captcha: true });
    expect(failure.issues).toEqual([]);
  });

  it('when the network fails, then the message says the link is abnormal', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const failure = await failureOf(callApi(Greet));
    expect(failure.message).toBe('Network link is abnormal, please try again');
    expect(failure.status).toBe(0);
  });

  it('when a success does not match the contract, then it is refused rather than trusted', async () => {
    answer(200, { success: true, value: { greeting: 42 }, message: '', code: 'OK' });
    const failure = await failureOf(callApi(Greet));
    expect(failure.code).toBe('INTERNAL');
  });

  it('when a call with a token is refused as not logged in, then the session is reported dead', async () => {
    sessionStorage.setItem('token', 'expired');
    const heard = vi.fn();
    const stop = onSessionDied(heard);
    answer(401, {
      success: false,
      value: null,
      message: 'You are not logged in, please login',
      code: 'UNAUTHENTICATED',
    });
    await failureOf(callApi(Greet));
    stop();
    expect(heard).toHaveBeenCalledOnce();
    expect(sessionStorage.getItem('token')).toBeNull();
  });

  it('when a 401 is about wrong credentials, then the session is not reported dead', async () => {
    sessionStorage.setItem('token', 'alive');
    const heard = vi.fn();
    const stop = onSessionDied(heard);
    answer(401, { success: false, value: null, message: 'Wrong password', code: 'LOGIN_FAILED' });
    await failureOf(callApi(Greet));
    stop();
    expect(heard).not.toHaveBeenCalled();
    expect(sessionStorage.getItem('token')).toBe('alive');
  });
});
