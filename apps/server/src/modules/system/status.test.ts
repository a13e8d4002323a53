import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { buildTestApp, opsHeaders } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';

const open = { allowedCountries: [], blockedCountries: [], allowedCidrs: [], blockedCidrs: [] };
const countries: Record<string, string> = { '198.51.100.9': 'US', '192.0.2.5': 'PH' };

describeEachDatabase('system status and region restriction', (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(database(), { TRUSTED_PROXIES: '10.0.0.1' }, (ip) => countries[ip] ?? null);
  });
  afterEach(async () => {
    await ops('PUT', '/ops/system/maintenance', { enabled: false });
    await ops('PUT', '/ops/system/region', open);
    const windows = (await ops('GET', '/ops/system/maintenance')).json().value.windows as { id: string }[];
    for (const window of windows) await ops('DELETE', `/ops/system/maintenance/windows/${window.id}`);
  });
  afterAll(() => app.close());

  function ops(method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) {
    return app.inject({ method, url, payload, headers: opsHeaders });
  }
  async function statusFor(remoteAddress: string, forwardedFor?: string): Promise<number> {
    const headers = forwardedFor ? { 'x-forwarded-for': forwardedFor } : {};
    return (await app.inject({ method: 'GET', url: '/wps/system/status', remoteAddress, headers })).json()
      .value;
  }
  async function permissionFor(remoteAddress: string, forwardedFor?: string) {
    const headers = forwardedFor ? { 'x-forwarded-for': forwardedFor } : {};
    return (await app.inject({ method: 'GET', url: '/wps/system/permission', remoteAddress, headers })).json()
      .value;
  }

  it('when maintenance is switched on, then the status is 1 and the permission flag is set', async () => {
    await ops('PUT', '/ops/system/maintenance', { enabled: true });
    expect(await statusFor('203.0.113.7')).toBe(1);
    expect((await permissionFor('203.0.113.7')).maintenance).toBe(true);
  });

  it('when the visitor is in a blocked network, then the status is 2 and the permission says restricted', async () => {
    await ops('PUT', '/ops/system/region', { ...open, blockedCidrs: ['203.0.113.0/24'] });
    expect(await statusFor('203.0.113.7')).toBe(2);
    expect(await statusFor('198.51.100.1')).toBe(0);
    expect(await permissionFor('203.0.113.7')).toMatchObject({
      regionRestriction: true,
      location: { ip: '203.0.113.7' },
    });
  });

  it('when maintenance and a blocked network meet, then maintenance wins', async () => {
    await ops('PUT', '/ops/system/region', { ...open, blockedCidrs: ['203.0.113.0/24'] });
    await ops('PUT', '/ops/system/maintenance', { enabled: true });
    expect(await statusFor('203.0.113.7')).toBe(1);
  });

  it('when a maintenance window is in force, then the status is 1 and the permission tells when it ends', async () => {
    const endsAt = new Date(Date.now() + 3_600_000).toISOString();
    await ops('POST', '/ops/system/maintenance/windows', {
      startsAt: new Date(Date.now() - 60_000).toISOString(),
      endsAt,
    });
    expect(await statusFor('192.0.2.5')).toBe(1);
    expect((await permissionFor('192.0.2.5')).maintenanceUntil).toBe(endsAt);
  });

  it('when the only windows are past or future, then the status stays 0', async () => {
    const hour = 3_600_000;
    const iso = (offset: number) => new Date(Date.now() + offset).toISOString();
    await ops('POST', '/ops/system/maintenance/windows', { startsAt: iso(-2 * hour), endsAt: iso(-hour) });
    await ops('POST', '/ops/system/maintenance/windows', { startsAt: iso(hour), endsAt: iso(2 * hour) });
    expect(await statusFor('192.0.2.5')).toBe(0);
    expect((await permissionFor('192.0.2.5')).maintenanceUntil).toBeNull();
  });

  it('when a country is blocked, then its visitors are restricted unless their network is allowed', async () => {
    await ops('PUT', '/ops/system/region', {
      ...open,
      blockedCountries: ['US'],
      allowedCidrs: ['198.51.100.9/32'],
    });
    expect(await statusFor('198.51.100.9')).toBe(0);
    await ops('PUT', '/ops/system/region', { ...open, blockedCountries: ['US'] });
    expect(await statusFor('198.51.100.9')).toBe(2);
    expect((await permissionFor('198.51.100.9')).location).toEqual({ ip: '198.51.100.9', countryCode: 'US' });
  });

  it('when an untrusted peer sends X-Forwarded-For, then it is ignored', async () => {
    await ops('PUT', '/ops/system/region', { ...open, blockedCidrs: ['203.0.113.0/24'] });
    expect(await statusFor('192.0.2.5', '203.0.113.7')).toBe(0);
    expect((await permissionFor('192.0.2.5', '203.0.113.7')).location.ip).toBe('192.0.2.5');
  });

  it('when the trusted proxy forwards a visitor, then the visitor address is judged', async () => {
    await ops('PUT', '/ops/system/region', { ...open, blockedCidrs: ['203.0.113.0/24'] });
    expect(await statusFor('10.0.0.1', '203.0.113.7')).toBe(2);
    expect((await permissionFor('10.0.0.1', '203.0.113.7')).location.ip).toBe('203.0.113.7');
  });

  it.each(['not-an-ip', ',,,', '999.1.1.1, ::zz', 'a'.repeat(2000)])(
    'when X-Forwarded-For is malformed (%s), then the answer is still a clean 200',
    async (header) => {
      const answer = await app.inject({
        method: 'GET',
        url: '/wps/system/status',
        remoteAddress: '10.0.0.1',
        headers: { 'x-forwarded-for': header },
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.json().value).toBe(0);
    },
  );
});
