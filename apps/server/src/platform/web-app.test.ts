import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { BannerPaths } from '@fortuna/contracts/home-content';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, opsHeaders } from '../test/app.ts';
import { describeEachDatabase } from '../test/databases.ts';
import {
  FIRST_PAINT_HOME_MARK,
  FIRST_PAINT_LANG_MARK,
  firstPaintLanguage,
  firstPaintOfHome,
  imagePreloadLink,
} from './web-app.ts';

describeEachDatabase('serving the built lobby', (database) => {
  let app: FastifyInstance;
  let distDir: string;
  beforeAll(async () => {
    distDir = mkdtempSync(join(tmpdir(), 'fortuna-dist-'));
    mkdirSync(join(distDir, 'assets'));
    writeFileSync(
      join(distDir, 'index.html'),
      `<!doctype html><title>Fortuna</title>${FIRST_PAINT_LANG_MARK}<div id="first-paint">${FIRST_PAINT_HOME_MARK}</div>`,
    );
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

  it("when the home page is opened, then a Link header preloads its first banner's image, and no other page's", async () => {
    const publish = async (imageUrl: string, sequence: number, title: string) => {
      const created = await app.inject({
        method: 'POST',
        url: BannerPaths.opsList,
        headers: opsHeaders,
        payload: { group: 'w_home', imageUrl, texts: [{ lang: 'EN', alt: 'Banner', title }], sequence },
      });
      expect(created.statusCode, created.body).toBe(201);
      const published = await app.inject({
        method: 'POST',
        url: BannerPaths.opsPublish.replace(':id', created.json().value.id),
        headers: opsHeaders,
      });
      expect(published.statusCode).toBe(200);
    };
    await publish('/banners/second.svg', 2, 'Second');
    await publish('/banners/first.svg', 1, 'Deposit & "more"');
    for (const url of ['/', '/home']) {
      const answer = await app.inject({ method: 'GET', url });
      expect(answer.headers.link).toBe('</banners/first.svg>; rel=preload; as=image; fetchpriority=high');
      // …and its first paint draws that banner before any script (ADR 046).
      expect(answer.body).toContain(
        '<div class="banner-carousel"><img class="banner-slide__image" src="/banners/first.svg" alt="" fetchpriority="high">',
      );
      // …with its title, escaped, in the site's default language, which the head names (ADR 068).
      expect(answer.body).toContain(
        '<span class="banner-slide__title first-paint__title">Deposit &amp; &quot;more&quot;</span></div>',
      );
      expect(answer.body).toContain('<meta name="first-paint-lang" content="EN">');
      expect(answer.body).not.toContain(FIRST_PAINT_HOME_MARK);
      expect(answer.body).not.toContain(FIRST_PAINT_LANG_MARK);
    }
    const member = await app.inject({ method: 'GET', url: '/member' });
    expect(member.headers.link).toBeUndefined();
    // Another page's first paint is the frame only: no home banner where the member centre comes.
    expect(member.body).not.toContain('banner-carousel');
    expect(member.body).not.toContain('first-paint-lang');
  });

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

describe("home's first paint", () => {
  it('when the banner URL carries a query, then its ampersands are escaped in the attribute', () => {
    expect(firstPaintOfHome('/b.svg?w=1&h=2')).toContain('src="/b.svg?w=1&amp;h=2"');
  });
  it('when there is no banner, then the banner keeps its place without an image', () => {
    expect(firstPaintOfHome(undefined)).toContain('<div class="banner-carousel"></div>');
  });
  it('when the banner has no title, then no title is drawn and no language is named', () => {
    expect(firstPaintOfHome('/b.svg', '')).not.toContain('banner-slide__title');
    expect(firstPaintLanguage(undefined)).toBe('');
  });
  it('when the title carries markup, then it is drawn as text', () => {
    expect(firstPaintOfHome('/b.svg', "<img src=x onerror='x'>")).toContain(
      '<span class="banner-slide__title first-paint__title">&lt;img src=x onerror=&#39;x&#39;&gt;</span>',
    );
  });
});

describe('the preload Link header of an image', () => {
  it('when the URL could break the header, then no link is made', () => {
    for (const url of [
      undefined,
      '',
      '/a b.svg',
      '/a>.svg',
      '/a".svg',
      '/ภาพ.svg',
      '/a\r\nx: y',
      '/a\u0000',
    ]) {
      expect(imagePreloadLink(url)).toBeUndefined();
    }
    expect(imagePreloadLink('https://cdn.example/a.svg?x=1,2')).toBe(
      '<https://cdn.example/a.svg?x=1,2>; rel=preload; as=image; fetchpriority=high',
    );
  });
});
