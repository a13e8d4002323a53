import { SessionPaths } from '@fortuna/contracts/session';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import {
  createMember,
  fromNewAddress,
  registerThroughApi,
  sliderTicket,
  TEST_PASSWORD,
} from '../../test/identity-fixtures.ts';
import { DEVICE_COOKIE, deviceCookie, deviceHashOf, deviceIdOf, newDeviceId } from './device-cookie.ts';

const DEVICE_ID = /^[A-Za-z0-9_-]{43}$/;

/** The device id the answer set, with the cookie's attributes. */
function setDevice(answer: { headers: Record<string, unknown> }): { id: string; attributes: string[] } {
  const header = [answer.headers['set-cookie']]
    .flat()
    .find((cookie) => String(cookie).startsWith(`${DEVICE_COOKIE}=`));
  if (header === undefined) throw new Error('no device cookie was set');
  const [pair = '', ...attributes] = String(header).split('; ');
  return { id: pair.slice(DEVICE_COOKIE.length + 1), attributes };
}

describe('the device cookie (ADR 077)', () => {
  it('when made for an https site, then it is Secure; over http it is not; both HttpOnly, Lax, 400 days, only for the API', () => {
    const id = newDeviceId();
    expect(id).toMatch(DEVICE_ID);
    expect(deviceCookie(id, true).split('; ')).toEqual([
      `${DEVICE_COOKIE}=${id}`,
      'Path=/wps',
      'Max-Age=34560000',
      'HttpOnly',
      'SameSite=Lax',
      'Secure',
    ]);
    expect(deviceCookie(id, false)).not.toContain('Secure');
  });

  it('when the cookie is absent, forged in shape, oversized or carries other bytes, then it is not a device id', () => {
    const id = newDeviceId();
    expect(deviceIdOf(`other=1; ${DEVICE_COOKIE}=${id}`)).toBe(id);
    for (const bad of [undefined, '', `${DEVICE_COOKIE}=`, `${DEVICE_COOKIE}=short`])
      expect(deviceIdOf(bad)).toBeUndefined();
    for (const value of [
      `${id}x`,
      id.slice(1),
      `${id.slice(1)}!`,
      `${id.slice(1)}\u0000`,
      'a'.repeat(8000),
      `${id.slice(1)}\ud800`,
    ])
      expect(deviceIdOf(`${DEVICE_COOKIE}=${value}`), JSON.stringify(value.slice(0, 50))).toBeUndefined();
  });
});

describeEachDatabase('a device id for each browser (ADR 077)', (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(database(), { TRUSTED_PROXIES: '127.0.0.1,::1' });
  });
  afterAll(() => app.close());
  const db = () => database().db;

  const register = (headers: Record<string, string>) => registerThroughApi(app, headers, { prefix: 'dev' });

  async function devicesOf(username: string): Promise<string[]> {
    const result = (await db().execute(sql`
      select d.device_hash from member_known_devices d join members m on m.id = d.member_id
       where m.username = ${username} order by d.last_seen_at, d.device_hash`)) as unknown as {
      rows: { device_hash: string }[];
    };
    return result.rows.map((row) => row.device_hash);
  }

  it('when a browser without the cookie registers, then the answer gives it a device id and the member’s device is recorded by its hash only', async () => {
    const { answer, username } = await register(fromNewAddress());
    expect(answer.statusCode, answer.body).toBe(200);
    const device = setDevice(answer);
    expect(device.id).toMatch(DEVICE_ID);
    expect(device.attributes).toEqual(['Path=/wps', 'Max-Age=34560000', 'HttpOnly', 'SameSite=Lax']);
    expect(await devicesOf(username)).toEqual([deviceHashOf(device.id)]);
    const raw = (await db().execute(
      sql`select count(*)::int as n from member_known_devices where device_hash = ${device.id}`,
    )) as unknown as { rows: { n: number }[] };
    expect(Number(raw.rows[0]?.n)).toBe(0);
  });

  it('when a browser with a device id registers and logs in, then it keeps its id, and a login from another browser adds that one', async () => {
    const id = newDeviceId();
    const address = fromNewAddress();
    const headers = { ...address, cookie: `${DEVICE_COOKIE}=${id}` };
    const { answer, username } = await register(headers);
    expect(setDevice(answer).id).toBe(id);
    const login = async (loginHeaders: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: SessionPaths.login,
        headers: loginHeaders,
        payload: {
          username,
          password: TEST_PASSWORD,
          type: 'username',
          sliderTicket: await sliderTicket(app, db(), 'login', loginHeaders),
        },
      });
    const again = await login(headers);
    expect(again.statusCode, again.body).toBe(200);
    expect(setDevice(again).id).toBe(id);
    const other = await login(address);
    expect(other.statusCode, other.body).toBe(200);
    const otherId = setDevice(other).id;
    expect(otherId).not.toBe(id);
    expect((await devicesOf(username)).sort()).toEqual([deviceHashOf(id), deviceHashOf(otherId)].sort());
  });

  it.each([
    ['a forged short value', 'forged'],
    ['a value one character too long', `${newDeviceId()}A`],
    ['a huge value', 'A'.repeat(6000)],
    ['an encoded NUL byte', `${newDeviceId().slice(1)}%00`],
    ['characters outside base64url', `${newDeviceId().slice(2)}+/`],
  ])(
    'when the device cookie holds %s, then it is replaced by a new id, the registration goes through and the forged value is recorded nowhere',
    async (_, value) => {
      const { answer, username } = await register({
        ...fromNewAddress(),
        cookie: `${DEVICE_COOKIE}=${value}`,
      });
      expect(answer.statusCode, answer.body).toBe(200);
      const device = setDevice(answer);
      expect(device.id).toMatch(DEVICE_ID);
      expect(device.id).not.toBe(value);
      expect(await devicesOf(username)).toEqual([deviceHashOf(device.id)]);
    },
  );

  it('when a login is refused, then no device is recorded for the member', async () => {
    const member = await createMember(db());
    const headers = { ...fromNewAddress(), cookie: `${DEVICE_COOKIE}=${newDeviceId()}` };
    const refused = await app.inject({
      method: 'POST',
      url: SessionPaths.login,
      headers,
      payload: {
        username: member.username,
        password: 'Wrong-password-1',
        type: 'username',
        sliderTicket: await sliderTicket(app, db(), 'login', headers),
      },
    });
    expect(refused.statusCode).toBe(401);
    expect(await devicesOf(member.username)).toEqual([]);
  });
});
