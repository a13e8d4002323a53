import { FEATURE_FLAG_NAMES } from '@fortuna/contracts/feature-flags';
import {
  DomainRouteResponseSchema,
  HelpCenterResponseSchema,
  isModuleEnabled,
  PermissionResponseSchema,
  RegisterSettingsResponseSchema,
  WhitelabelResponseSchema,
} from '@fortuna/contracts/system';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, opsHeaders } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { helpArticles } from './system.schema.ts';

describeEachDatabase('system calls', (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(database());
  });
  afterAll(() => app.close());

  // Operators change content through calls that announce it; a direct insert needs the same nudge.
  const refreshSiteConfiguration = () =>
    app.inject({
      method: 'PUT',
      url: '/ops/system/maintenance',
      payload: { enabled: false },
      headers: opsHeaders,
    });
  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers });

  it('when all is normal, then the status is 0', async () => {
    const answer = await get('/wps/system/status');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ success: true, value: 0, message: '', code: 'OK' });
  });

  it('when a visitor starts the lobby, then the permission call carries the seeded site and their IP', async () => {
    const answer = await get('/wps/system/permission');
    expect(answer.statusCode).toBe(200);
    const body = PermissionResponseSchema.parse(answer.json());
    const value = body.value;
    expect(value?.info.brandName).toBe('Fortuna');
    expect(value?.info.currency).toEqual({ code: 'PHP', symbol: '₱' });
    expect(value?.info.languages).toEqual([
      { code: 'EN', name: 'English' },
      { code: 'TY', name: 'Tagalog' },
    ]);
    expect(value?.info.customerService.length).toBeGreaterThan(0);
    expect(value?.info.registerFieldRules.map((rule) => rule.field)).toContain('username');
    expect(value?.info.analytics).toEqual({ gtagId: null });
    expect(value?.location).toEqual({ ip: '127.0.0.1', countryCode: null });
    expect(value?.maintenance).toBe(false);
    expect(value?.regionRestriction).toBe(false);
  });

  it('when the whitelabel tree is read, then every feature flag of spec 6 is a module in it', async () => {
    const tree = WhitelabelResponseSchema.parse((await get('/wps/system/whitelabel')).json()).value ?? [];
    const ids = JSON.stringify(tree);
    for (const flag of FEATURE_FLAG_NAMES) expect(ids).toContain(`"${flag}"`);
    expect(isModuleEnabled(tree, 'USERNAMEREG3')).toBe(true);
    expect(isModuleEnabled(tree, 'MOBILENUMREG3')).toBe(false);
  });

  it('when the register settings are read, then each field rule is complete', async () => {
    const rules =
      RegisterSettingsResponseSchema.parse((await get('/wps/system/setting/register')).json()).value ?? [];
    const username = rules.find((rule) => rule.field === 'username');
    expect(username).toMatchObject({
      enabled: true,
      required: true,
      patternId: '1',
      minLength: 6,
      maxLength: 16,
    });
    expect(new RegExp(username?.acceptedPattern ?? '').test('player01')).toBe(true);
  });

  it('when the domain routes are read, then the agent host leads to /agent', async () => {
    const routes = DomainRouteResponseSchema.parse((await get('/wps/system/domainRoute')).json()).value;
    expect(routes).toContainEqual({ domain: 'agent.localhost', path: '/agent' });
  });

  describe('help centre', () => {
    it('when asked in Tagalog, then the articles are in Tagalog with the terms under the "term" anchor', async () => {
      const answer = await get('/wps/system/helpCenter?lang=TY&device=WEB');
      expect(answer.statusCode).toBe(200);
      const categories = HelpCenterResponseSchema.parse(answer.json()).value ?? [];
      const terms = categories.find((category) => category.id === 'term');
      expect(terms?.title).toBe('Mga tuntunin at kundisyon');
    });

    it('when an article has no translation, then it falls back to the default language', async () => {
      await database().db.insert(helpArticles).values({
        id: 'only-english',
        lang: 'EN',
        categoryId: 'faq',
        categoryTitle: 'Frequently asked questions',
        title: 'English only',
        contentHtml: '<p>Only in English</p>',
        sort: 99,
      });
      await refreshSiteConfiguration();
      const categories =
        HelpCenterResponseSchema.parse((await get('/wps/system/helpCenter?lang=TY&device=WEB')).json())
          .value ?? [];
      const faq = categories.find((category) => category.id === 'faq');
      expect(faq?.title).toBe('Mga madalas itanong');
      expect(faq?.articles.map((article) => article.title)).toContain('English only');
    });

    it('when an article holds a script or an event handler, then the answer carries neither', async () => {
      await database().db.insert(helpArticles).values({
        id: 'hostile',
        lang: 'EN',
        categoryId: 'faq',
        categoryTitle: 'Frequently asked questions',
        title: 'Hostile',
        contentHtml:
          '<p onclick="steal()">Hi<script>alert(1)</script><a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)><a href="https://ok.example">ok</a></p>',
        sort: 100,
      });
      await refreshSiteConfiguration();
      const body = (await get('/wps/system/helpCenter?lang=EN&device=WEB')).body;
      expect(body).not.toMatch(/script|onclick|onerror|javascript:|<img/i);
      expect(body).toContain('href=\\"https://ok.example\\"');
    });

    it.each([
      ['/wps/system/helpCenter?lang=XX&device=WEB', 'query.lang', 'VALIDATION_FAILED'],
      ['/wps/system/helpCenter?lang=CN&device=WEB', 'query.lang', 'UNSUPPORTED_LANGUAGE'],
      ['/wps/system/helpCenter?lang=EN&device=TV', 'query.device', 'VALIDATION_FAILED'],
      ['/wps/system/helpCenter?device=WEB', 'query.lang', 'VALIDATION_FAILED'],
      ['/wps/system/helpCenter?lang=EN', 'query.device', 'VALIDATION_FAILED'],
    ])('when %s is asked, then 400 names %s', async (url, field, code) => {
      const answer = await get(url);
      expect(answer.statusCode).toBe(400);
      const body = answer.json();
      expect(body).toMatchObject({ success: false, code });
      expect(body.value.issues.map((issue: { field: string }) => issue.field)).toContain(field);
      expect(body.message).toContain(field);
    });
  });
});
