import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '../test/app.ts';
import { describeEachDatabase } from '../test/databases.ts';

describeEachDatabase('serving the built lobby', (database) => {
  let app: FastifyInstance;
  let distDir: string;
  beforeAll(async () => {
    distDir = mkdtempSync(join(tmpdir(), 'fortuna-dist-'));
    mkdirSync(join(distDir, 'assets'));
    writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>Fortuna</title>');
    const script = 'console.log("lobby");'.repeat(50);
    writeFileSync(join(distDir, 'assets', 'index-abc123.js'), script);
    writeFileSync(join(distDir, 'assets', 'index-abc123.js.gz'), gzipSync(script));
    app = await buildTestApp(database(), { WEB_DIST_DIR: distDir });
  });
  afterAll(async () => {
    await app.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  it.each(['/', '/home', '/member', '/agentHome', '/vnLottery', '/login'])(
    'when %s is opened directly, then index.html answers 200 without long caching',
    async (url) => {
      const answer = await app.inject({ method: 'GET', url });
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toContain('<title>Fortuna</title>');
      expect(answer.headers['cache-control']).toBe('no-cache');
    },
  );

  it('when a hashed asset is fetched, then it is cached for a year and served precompressed', async () => {
    const answer = await app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.headers['content-encoding']).toBe('gzip');
  });

  it('when an unknown page is opened, then index.html answers with 404 for the lobby to explain', async () => {
    const answer = await app.inject({ method: 'GET', url: '/no-such-page' });
    expect(answer.statusCode).toBe(404);
    expect(answer.body).toContain('<title>Fortuna</title>');
  });

  it('when an unknown API path or a missing asset is asked for, then the JSON 404 envelope answers', async () => {
    for (const url of [
      '/wps/no/such/call',
      '/assets/missing-123.js',
      '/ops/nothing',
      '/vendor/v1/PG/nothing',
    ]) {
      const answer = await app.inject({ method: 'GET', url });
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
  });

  it('when OpenAPI is asked for, then it documents the system calls', async () => {
    const answer = await app.inject({ method: 'GET', url: '/docs/json' });
    expect(answer.statusCode).toBe(200);
    expect(Object.keys(answer.json().paths)).toEqual(
      expect.arrayContaining(['/wps/system/status', '/wps/system/permission', '/wps/system/helpCenter']),
    );
    const helpCenter = answer.json().paths['/wps/system/helpCenter'].get;
    expect(Object.keys(helpCenter.responses)).toEqual(['200', '400']);
    expect(helpCenter.parameters.map((parameter: { name: string }) => parameter.name)).toEqual([
      'lang',
      'device',
    ]);
  });
});
