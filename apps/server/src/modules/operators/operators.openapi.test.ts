import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';

describeEachDatabase('operator calls on the OpenAPI page', (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(database());
  });
  afterAll(() => app.close());

  it('when the API document is read, then every operator account call is there, bearer-guarded, with its body', async () => {
    const document = (await app.inject({ method: 'GET', url: '/docs/json' })).json();
    const expected: [string, string][] = [
      ['/ops/session', 'get'],
      ['/ops/session/password', 'post'],
      ['/ops/session/totp', 'post'],
      ['/ops/session/totp/confirm', 'post'],
      ['/ops/operators', 'get'],
      ['/ops/operators/{id}/disable', 'post'],
      ['/ops/operators/{id}/enable', 'post'],
      ['/ops/operators/{id}/totp/reset', 'post'],
      ['/ops/operators/{id}/password/reset', 'post'],
      ['/ops/system/maintenance', 'put'],
    ];
    for (const [path, method] of expected) {
      const operation = document.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(operation.security).toEqual([{ opsToken: [] }]);
    }
    const loginBody =
      document.paths['/ops/session/login'].post.requestBody.content['application/json'].schema.properties;
    expect(Object.keys(loginBody)).toEqual(['username', 'password', 'totpCode', 'captchaId', 'captcha']);
    const passwordBody =
      document.paths['/ops/operators/{id}/password/reset'].post.requestBody.content['application/json']
        .schema;
    expect(passwordBody.properties.temporaryPassword).toMatchObject({ minLength: 12, maxLength: 128 });
  });
});
