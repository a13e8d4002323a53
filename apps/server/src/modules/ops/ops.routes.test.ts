import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoOperators } from '../../seed/demo-operators.ts';
import { buildTestApp, opsHeaders } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { demoOperatorHeaders, readyOperator } from '../../test/operator-sessions.ts';
import { auditLog, operators } from '../operators/operators.schema.ts';
import { maintenanceWindows, regionRules, siteSettings } from '../system/system.schema.ts';

describeEachDatabase('operator API', (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(database());
  });
  afterAll(() => app.close());

  async function storedState() {
    const db = database().db;
    return {
      settings: await db.select({ maintenance: siteSettings.maintenanceEnabled }).from(siteSettings),
      windows: await db.select().from(maintenanceWindows),
      region: await db.select().from(regionRules),
    };
  }

  describe('when the caller is not the operator', () => {
    it.each([
      ['no header', {}],
      ['a wrong token', { authorization: 'Bearer wrong-token-0123456789abcdef' }],
      ['a token without Bearer', { authorization: 'test-ops-token-0123456789abcdef' }],
    ])('with %s, then 401 and nothing is written', async (_label, headers) => {
      const before = await storedState();
      const answer = await app.inject({
        method: 'PUT',
        url: '/ops/system/maintenance',
        payload: { enabled: true },
        headers,
      });
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
      expect(await storedState()).toEqual(before);
    });
  });

  it.each([
    [
      'a malformed JSON body',
      '/ops/system/maintenance',
      'PUT',
      '{"enabled":',
      'MALFORMED_REQUEST',
      400,
      undefined,
    ],
    [
      'enabled of the wrong type',
      '/ops/system/maintenance',
      'PUT',
      { enabled: 'yes' },
      'VALIDATION_FAILED',
      400,
      'body.enabled',
    ],
    ['a missing body', '/ops/system/maintenance', 'PUT', undefined, 'VALIDATION_FAILED', 400, 'body'],
    [
      'a window that ends before it starts',
      '/ops/system/maintenance/windows',
      'POST',
      { startsAt: '2026-12-01T04:00:00Z', endsAt: '2026-12-01T02:00:00Z' },
      'VALIDATION_FAILED',
      400,
      'body.endsAt',
    ],
    [
      'a window with a bad date',
      '/ops/system/maintenance/windows',
      'POST',
      { startsAt: 'tomorrow', endsAt: '2026-12-01T02:00:00Z' },
      'VALIDATION_FAILED',
      400,
      'body.startsAt',
    ],
    [
      'a network that is not a CIDR',
      '/ops/system/region',
      'PUT',
      {
        allowedCountries: [],
        blockedCountries: [],
        allowedCidrs: [],
        blockedCidrs: ['10.0.0.0/8', '300.1.2.0/24'],
      },
      'VALIDATION_FAILED',
      400,
      'body.blockedCidrs.1',
    ],
    [
      'a country in small letters',
      '/ops/system/region',
      'PUT',
      { allowedCountries: ['ph'], blockedCountries: [], allowedCidrs: [], blockedCidrs: [] },
      'VALIDATION_FAILED',
      400,
      'body.allowedCountries.0',
    ],
    [
      'a window id that is not a uuid',
      '/ops/system/maintenance/windows/42',
      'DELETE',
      undefined,
      'VALIDATION_FAILED',
      400,
      'params.id',
    ],
    [
      'an unknown window',
      '/ops/system/maintenance/windows/6f1c1c1e-5d3a-4a57-9a52-0d1c6a7b2f10',
      'DELETE',
      undefined,
      'NOT_FOUND',
      404,
      undefined,
    ],
  ] as const)(
    'when an operator sends %s, then %s answers and nothing is written',
    async (_label, url, method, payload, code, status, field) => {
      const before = await storedState();
      const answer = await app.inject({
        method,
        url,
        headers: { ...opsHeaders, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
        payload:
          typeof payload === 'string' ? payload : payload === undefined ? undefined : JSON.stringify(payload),
      });
      expect(answer.statusCode).toBe(status);
      const body = answer.json();
      expect(body).toMatchObject({ success: false, code });
      if (field) {
        expect(body.value.issues.map((issue: { field: string }) => issue.field)).toContain(field);
        expect(body.message).toContain(field);
      }
      expect(await storedState()).toEqual(before);
    },
  );

  it('when an operator adds and removes a window, then the state shows it and then not', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/ops/system/maintenance/windows',
      headers: opsHeaders,
      payload: { startsAt: '2030-01-01T00:00:00Z', endsAt: '2030-01-01T02:00:00Z' },
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json().value;
    expect((await storedState()).windows).toHaveLength(1);
    const removed = await app.inject({
      method: 'DELETE',
      url: `/ops/system/maintenance/windows/${id}`,
      headers: opsHeaders,
    });
    expect(removed.json().value.windows).toEqual([]);
  });

  it('when region rules are replaced, then duplicates collapse and reading them back gives the same rules', async () => {
    const rules = {
      allowedCountries: ['PH'],
      blockedCountries: ['US', 'US'],
      allowedCidrs: [],
      blockedCidrs: ['2001:db8::/32'],
    };
    const answer = await app.inject({
      method: 'PUT',
      url: '/ops/system/region',
      headers: opsHeaders,
      payload: rules,
    });
    expect(answer.json().value).toEqual({ ...rules, blockedCountries: ['US'] });
    const read = await app.inject({ method: 'GET', url: '/ops/system/region', headers: opsHeaders });
    expect(read.json().value).toEqual({ ...rules, blockedCountries: ['US'] });
  });
});

describeEachDatabase('operator API: feature flags', (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(database());
  });
  afterAll(() => app.close());

  const flagOf = async (modId: string) => {
    const answer = await app.inject({ method: 'GET', url: '/wps/system/whitelabel' });
    const find = (nodes: { modId: string; enabled: string; childrenNodes: never[] }[]): string | undefined =>
      nodes.map((node) => (node.modId === modId ? node.enabled : find(node.childrenNodes))).find(Boolean);
    return find(answer.json().value);
  };

  it('when an operator switches a module, then the whitelabel tree shows it at once', async () => {
    const on = await app.inject({
      method: 'PUT',
      url: '/ops/system/modules/MOBILENUMREG3',
      headers: opsHeaders,
      payload: { enabled: true },
    });
    expect(on.json().value).toEqual({ modId: 'MOBILENUMREG3', enabled: true });
    expect(await flagOf('MOBILENUMREG3')).toBe('1');
    await app.inject({
      method: 'PUT',
      url: '/ops/system/modules/MOBILENUMREG3',
      headers: opsHeaders,
      payload: { enabled: false },
    });
    expect(await flagOf('MOBILENUMREG3')).toBe('0');
  });

  it('when the module does not exist or the body is wrong, then 404 or 400 naming the field', async () => {
    const missing = await app.inject({
      method: 'PUT',
      url: '/ops/system/modules/NOSUCH3',
      headers: opsHeaders,
      payload: { enabled: true },
    });
    expect(missing.statusCode).toBe(404);
    const bad = await app.inject({
      method: 'PUT',
      url: '/ops/system/modules/FREEPLAY3',
      headers: opsHeaders,
      payload: { enabled: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().value.issues[0].field).toBe('body.enabled');
    expect(await flagOf('FREEPLAY3')).toBe('1');
  });
});

describeEachDatabase(
  'operator API: /ops/system by operator roles, OPS_TOKEN as audited break-glass',
  (database) => {
    let app: FastifyInstance;
    beforeAll(async () => {
      await seedDemoOperators(database().db);
      app = await buildTestApp(database());
    });
    afterAll(() => app.close());

    const auditOf = (action: string) =>
      database().db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(auditLog.id);
    const maintenanceStored = async () =>
      (await database().db.select({ on: siteSettings.maintenanceEnabled }).from(siteSettings))[0]?.on;

    it('when FINANCE or SUPPORT switches maintenance, then 403 and nothing is written', async () => {
      for (const headers of [
        await demoOperatorHeaders(app, 'finance01'),
        (await readyOperator(app, 'SUPPORT')).headers,
      ]) {
        const answer = await app.inject({
          method: 'PUT',
          url: '/ops/system/maintenance',
          headers,
          payload: { enabled: true },
        });
        expect(answer.statusCode).toBe(403);
        expect(answer.json()).toMatchObject({ code: 'FORBIDDEN' });
      }
      expect(await maintenanceStored()).toBe(false);
      expect(await auditOf('system.maintenance.switch')).toEqual([]);
    });

    it('when an ADMIN switches maintenance and replaces region rules, then each change is audited with who', async () => {
      const admin = await demoOperatorHeaders(app, 'admin01');
      const [adminRow] = await database()
        .db.select()
        .from(operators)
        .where(eq(operators.username, 'admin01'));
      const on = await app.inject({
        method: 'PUT',
        url: '/ops/system/maintenance',
        headers: admin,
        payload: { enabled: true },
      });
      expect(on.statusCode).toBe(200);
      await app.inject({
        method: 'PUT',
        url: '/ops/system/maintenance',
        headers: admin,
        payload: { enabled: false },
      });
      expect(await maintenanceStored()).toBe(false);
      const switches = await auditOf('system.maintenance.switch');
      expect(switches.map((entry) => [entry.actor, entry.details])).toEqual([
        [`operator:${adminRow?.id}`, { enabled: true }],
        [`operator:${adminRow?.id}`, { enabled: false }],
      ]);
      const rules = { allowedCountries: [], blockedCountries: ['US'], allowedCidrs: [], blockedCidrs: [] };
      await app.inject({ method: 'PUT', url: '/ops/system/region', headers: admin, payload: rules });
      const [region] = await auditOf('system.region.replace');
      expect(region).toMatchObject({ actor: `operator:${adminRow?.id}`, details: { rules } });
      await app.inject({
        method: 'PUT',
        url: '/ops/system/region',
        headers: admin,
        payload: { ...rules, blockedCountries: [] },
      });
    });

    it('when the OPS_TOKEN is used, then every call, reading ones too, is audited as ops-token with the route', async () => {
      const before = (await auditOf('ops-token.call')).length;
      const read = await app.inject({
        method: 'GET',
        url: '/ops/system/region',
        headers: opsHeaders,
        remoteAddress: '192.0.2.44',
      });
      expect(read.statusCode).toBe(200);
      const uses = await auditOf('ops-token.call');
      expect(uses).toHaveLength(before + 1);
      expect(uses.at(-1)).toMatchObject({
        actor: 'ops-token',
        targetType: 'route',
        targetId: 'GET /ops/system/region',
        details: { ip: '192.0.2.44' },
      });
    });

    it('when no OPS_TOKEN is configured, then /ops/system still answers an ADMIN and refuses the old secret', async () => {
      const withoutToken = await buildTestApp(database(), { OPS_TOKEN: '' });
      try {
        const refused = await withoutToken.inject({
          method: 'GET',
          url: '/ops/system/maintenance',
          headers: opsHeaders,
        });
        expect(refused.statusCode).toBe(401);
        // The session lives in the database: the one opened on the other app serves here too.
        const admin = await demoOperatorHeaders(app, 'admin01');
        const answer = await withoutToken.inject({
          method: 'GET',
          url: '/ops/system/maintenance',
          headers: admin,
        });
        expect(answer.statusCode).toBe(200);
      } finally {
        await withoutToken.close();
      }
    });
  },
);
