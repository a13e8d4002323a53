import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '../test/app.ts';
import { describeEachDatabase } from '../test/databases.ts';

describeEachDatabase('answer compression', (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(database());
  });
  afterAll(() => app.close());

  const fetchGzip = (url: string) =>
    app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });

  it('when a browser accepts gzip, then a large answer such as the help centre comes compressed', async () => {
    const answer = await fetchGzip('/wps/system/helpCenter?lang=EN&device=WEB');
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(answer.rawPayload).toString()).success).toBe(true);
  });

  it('when the hot start-up calls are asked, then they come uncompressed to keep their throughput', async () => {
    for (const url of ['/wps/system/permission', '/wps/system/status']) {
      const answer = await fetchGzip(url);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.json().success).toBe(true);
    }
  });
});
