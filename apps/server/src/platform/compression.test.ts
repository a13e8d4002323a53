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

  it('when the hot status call is asked, then it comes uncompressed to keep its throughput', async () => {
    const answer = await fetchGzip('/wps/system/status');
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.json().success).toBe(true);
  });

  it('when a browser accepts gzip, then the permission call comes gzipped and reads as the plain one', async () => {
    const plain = await app.inject({ method: 'GET', url: '/wps/system/permission' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const zipped = await fetchGzip('/wps/system/permission');
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toContain('accept-encoding');
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString())).toEqual(plain.json());
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
  });
});
