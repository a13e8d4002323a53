import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WithdrawalPaths } from '@fortuna/contracts/withdrawal';
import type { FastifyInstance } from 'fastify';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/app.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { registerSecurityHeaders } from './security-headers.ts';

const HOUSE_GAMES_URL = 'http://games.fortuna.test:8095';

/** The CSP as a map of directive → sources. */
function cspOf(header: string | string[] | number | undefined): Map<string, string[]> {
  return new Map(
    String(header ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name as string, sources]),
  );
}

describeEachDatabase('browser security headers of the lobby and the API', (database) => {
  let distDir: string;
  let app: FastifyInstance;
  let httpsApp: FastifyInstance;
  beforeAll(async () => {
    distDir = mkdtempSync(join(tmpdir(), 'fortuna-dist-'));
    writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>Fortuna</title>');
    const env = {
      WEB_DIST_DIR: distDir,
      HOUSE_GAMES_URL,
      HOUSE_VENDOR_SECRET: 'house-vendor-secret-for-tests',
    };
    app = await buildTestApp(database(), { ...env, PUBLIC_URL: 'http://localhost:8080' });
    httpsApp = await buildTestApp(database(), { ...env, PUBLIC_URL: 'https://play.fortuna.example' });
  });
  afterAll(async () => {
    await app.close();
    await httpsApp.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  const answers = {
    'the lobby page': { method: 'GET', url: '/' },
    'an API answer': { method: 'GET', url: '/readyz' },
    'a refused API call': { method: 'GET', url: WithdrawalPaths.payees },
    'an unknown path': { method: 'GET', url: '/wps/no-such-call' },
  } as const;

  describe.each(Object.entries(answers))('%s', (_name, request) => {
    it('has a CSP without inline scripts, frames only the house games and is framed by no other site', async () => {
      const answer = await app.inject(request);
      const csp = cspOf(answer.headers['content-security-policy']);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('script-src-attr')).toEqual(["'none'"]);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
      expect(csp.get('frame-src')).toEqual(["'self'", HOUSE_GAMES_URL]);
      expect(String(answer.headers['content-security-policy'])).not.toContain('unsafe-inline');
      expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN');
    });

    it('says nosniff and no-referrer, and no HSTS while the public URL is plain http', async () => {
      const answer = await app.inject(request);
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['referrer-policy']).toBe('no-referrer');
      expect(answer.headers['strict-transport-security']).toBeUndefined();
      expect(cspOf(answer.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(false);
    });

    it('when the public URL is https, then HSTS for a year and insecure requests upgraded', async () => {
      const answer = await httpsApp.inject(request);
      expect(answer.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(cspOf(answer.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(true);
    });
  });
});

describeEachDatabase('security headers of the API documentation', (database) => {
  it('when /docs is opened, then Swagger UI may apply inline styles there, and scripts stay our own files', async () => {
    const app = await buildTestApp(database());
    const docs = await app.inject({ method: 'GET', url: '/docs/' });
    const csp = cspOf(docs.headers['content-security-policy']);
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    const api = await app.inject({ method: 'GET', url: '/readyz' });
    expect(cspOf(api.headers['content-security-policy']).get('style-src')).toEqual(["'self'"]);
    await app.close();
  });
});

describe('frames of vendor games', () => {
  it('when the site lists launch hosts, then the lobby may frame their origins, read at each request', async () => {
    let hosts: string[] = ['/'];
    const app = Fastify();
    await registerSecurityHeaders(app, { publicUrl: 'http://localhost', launchHosts: () => hosts });
    app.get('/', async () => 'lobby');
    const before = await app.inject({ method: 'GET', url: '/' });
    expect(cspOf(before.headers['content-security-policy']).get('frame-src')).toEqual(["'self'"]);
    hosts = ['https://cdn-a.vendor.example/', 'https://cdn-b.vendor.example', '/'];
    const after = await app.inject({ method: 'GET', url: '/' });
    expect(cspOf(after.headers['content-security-policy']).get('frame-src')).toEqual([
      "'self'",
      'https://cdn-a.vendor.example',
      'https://cdn-b.vendor.example',
    ]);
    await app.close();
  });
});
