import { ErrorCatalogue, type ErrorCode } from '@fortuna/contracts/errors';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { maintenanceWindows } from '../modules/system/system.schema.ts';
import { buildTestApp, opsHeaders } from '../test/app.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { AppError } from './errors.ts';

const window = { startsAt: '2030-01-01T00:00:00Z', endsAt: '2030-01-01T02:00:00Z' };

describeEachDatabase('the error handler', (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(database());
  });
  afterAll(() => app.close());

  const windowCount = async () => (await database().db.select().from(maintenanceWindows)).length;

  it('when a handler fails unexpectedly, then the client gets 500 "Unknown error" with no internals', async () => {
    const app = await buildTestApp(database());
    app.get('/wps/test/explode', async () => {
      throw new Error('secret table fortuna_internal is on fire');
    });
    const answer = await app.inject({ method: 'GET', url: '/wps/test/explode' });
    expect(answer.statusCode).toBe(500);
    expect(answer.json()).toEqual({
      success: false,
      value: null,
      message: 'Unknown error',
      code: 'INTERNAL',
    });
    expect(answer.body).not.toMatch(/secret|fire|at .*\.ts/);
    expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    await app.close();
  });

  it('when a body comes in a content type the call does not read, then 415 and nothing is written', async () => {
    const before = await windowCount();
    const answer = await app.inject({
      method: 'POST',
      url: '/ops/system/maintenance/windows',
      headers: { ...opsHeaders, 'content-type': 'application/xml' },
      payload: JSON.stringify(window),
    });
    expect(answer.statusCode).toBe(415);
    expect(answer.json()).toMatchObject({ success: false, code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect(await windowCount()).toBe(before);
  });

  it('when a body is larger than the limit, then 413 and nothing is written', async () => {
    const before = await windowCount();
    const answer = await app.inject({
      method: 'POST',
      url: '/ops/system/maintenance/windows',
      headers: { ...opsHeaders, 'content-type': 'application/json' },
      payload: JSON.stringify({ ...window, padding: 'x'.repeat(2_000_000) }),
    });
    expect(answer.statusCode).toBe(413);
    expect(answer.json()).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
    expect(await windowCount()).toBe(before);
  });

  it('when a client sends its own request id, then the answer carries an id the server made', async () => {
    const answer = await app.inject({
      method: 'GET',
      url: '/wps/system/status',
      headers: { 'x-request-id': 'forged-id-0001' },
    });
    expect(answer.headers['x-request-id']).not.toBe('forged-id-0001');
    expect(answer.headers['x-request-id']).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    );
  });

  it('when any call answers 429, then it carries Retry-After in whole seconds: its own wait, or the code’s default', async () => {
    const app = await buildTestApp(database());
    const tooMany = (Object.keys(ErrorCatalogue) as ErrorCode[]).filter(
      (code) => ErrorCatalogue[code].status === 429,
    );
    expect(tooMany).toContain('RATE_LIMITED');
    app.get<{ Params: { code: ErrorCode } }>('/wps/test/limited/:code', async (request) => {
      throw new AppError(request.params.code);
    });
    app.get('/wps/test/limited-for', async () => {
      throw new AppError('RATE_LIMITED', { retryAfterMs: 1_500 });
    });
    app.get('/wps/test/fastify-429', async () => {
      throw Object.assign(new Error('slow down'), { statusCode: 429 });
    });
    for (const code of tooMany) {
      const answer = await app.inject({ method: 'GET', url: `/wps/test/limited/${code}` });
      expect(answer.statusCode, code).toBe(429);
      expect(answer.headers['retry-after'], code).toMatch(/^[1-9]\d*$/);
    }
    const own = await app.inject({ method: 'GET', url: '/wps/test/limited-for' });
    expect(own.headers['retry-after']).toBe('2');
    const fastifys = await app.inject({ method: 'GET', url: '/wps/test/fastify-429' });
    expect(fastifys.statusCode).toBe(429);
    expect(fastifys.headers['retry-after']).toBe('300');
    const notLimited = await app.inject({ method: 'GET', url: '/wps/test/limited/CONFLICT' });
    expect(notLimited.headers['retry-after']).toBeUndefined();
    await app.close();
  });
});
