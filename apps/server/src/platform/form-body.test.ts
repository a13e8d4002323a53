import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp } from '../test/app.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { ok } from './reply.ts';

const FORM_PATH = '/wps/test/form';
const FormSchema = z.object({ username: z.string().min(3), email: z.email() });

describeEachDatabase('form-urlencoded bodies', (database) => {
  let app: FastifyInstance;
  const received: unknown[] = [];
  beforeAll(async () => {
    app = await buildTestApp(database());
    app.post(FORM_PATH, { schema: { body: FormSchema } }, async (request) => {
      received.push(request.body);
      return ok(request.body);
    });
    await app.ready();
  });
  afterAll(() => app.close());
  beforeEach(() => {
    received.length = 0;
  });

  const postForm = (payload: string) =>
    app.inject({
      method: 'POST',
      url: FORM_PATH,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload,
    });

  it('when a form is posted, then its decoded fields reach the handler', async () => {
    const answer = await postForm('username=ana+123&email=ana%2B1%40mail.example');
    expect(answer.statusCode).toBe(200);
    expect(received).toEqual([{ username: 'ana 123', email: 'ana+1@mail.example' }]);
  });

  it('when a form field is not valid, then 400 names that field and the handler is not reached', async () => {
    const answer = await postForm('username=ana123&email=not-an-address');
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      success: false,
      code: 'VALIDATION_FAILED',
      value: { issues: [{ field: 'body.email' }] },
    });
    expect(received).toEqual([]);
  });

  it('when a form field is missing, then 400 names it', async () => {
    const answer = await postForm('email=ana%40mail.example');
    expect(answer.statusCode).toBe(400);
    expect(answer.json().value.issues.map((issue: { field: string }) => issue.field)).toEqual([
      'body.username',
    ]);
    expect(received).toEqual([]);
  });
});
