import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../platform/db/database.ts';
import { buildTestApp } from '../../test/app.ts';
import { describeEachDatabase, describeOnPostgres } from '../../test/databases.ts';
import { bearer, fromNewAddress, registerThroughApi } from '../../test/identity-fixtures.ts';
import { loggedInMember } from '../../test/wallet-fixtures.ts';
import { DEVICE_COOKIE, deviceHashOf, newDeviceId } from '../identity/device-cookie.ts';
import { claimTogether, promotionRoutesHarness, signUpBonus } from './limit-claims.test-helpers.ts';
import { TEST_TERMS } from './promotions.test-helpers.ts';

/** Records that the member last used the browser of `deviceId`, `minutesAgo` before now. */
async function usedDevice(db: Database, memberId: bigint, deviceId: string, minutesAgo = 0): Promise<void> {
  await db.execute(sql`
    insert into member_known_devices (member_id, device_hash, first_seen_at, last_seen_at)
    values (${memberId}, ${deviceHashOf(deviceId)}, now() - ${minutesAgo} * interval '1 minute',
            now() - ${minutesAgo} * interval '1 minute')`);
}

describeEachDatabase('a promotion’s limit per device (ADR 077)', (database) => {
  const db = () => database().db;
  const { create, claim, grants } = promotionRoutesHarness(database);

  it('when a promotion allows one grant per device, then a second member whose latest browser is that one is refused 409 DEVICE_LIMIT, one who moved to another browser and one with none are granted', async () => {
    const answer = await create(signUpBonus({ perDeviceLimit: 1 }));
    expect(answer.statusCode, answer.body).toBe(200);
    const { id, perDeviceLimit } = answer.json().value;
    expect(perDeviceLimit).toBe(1);
    const shared = newDeviceId();
    const first = await loggedInMember(db());
    await usedDevice(db(), first.member.id, shared);
    const same = await loggedInMember(db());
    await usedDevice(db(), same.member.id, newDeviceId(), 60);
    await usedDevice(db(), same.member.id, shared);
    const movedOn = await loggedInMember(db());
    await usedDevice(db(), movedOn.member.id, shared, 60);
    await usedDevice(db(), movedOn.member.id, newDeviceId());
    const none = await loggedInMember(db());
    expect((await claim(id, first.headers)).statusCode).toBe(200);
    const refused = await claim(id, same.headers);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().value.reason).toBe('DEVICE_LIMIT');
    for (const member of [movedOn, none]) expect((await claim(id, member.headers)).statusCode).toBe(200);
    expect(await grants(id)).toBe(3);
  });

  it('when two grants per device are allowed, then the third member of the device is refused; without a limit, any number are granted', async () => {
    const limited = (await create(signUpBonus({ perDeviceLimit: 2 }))).json().value.id;
    const unlimited = (await create(signUpBonus({}))).json().value.id;
    const shared = newDeviceId();
    const members = [];
    for (let count = 0; count < 3; count += 1) {
      const member = await loggedInMember(db());
      await usedDevice(db(), member.member.id, shared);
      members.push(member);
    }
    const limitedAnswers = [];
    for (const member of members) limitedAnswers.push((await claim(limited, member.headers)).statusCode);
    expect(limitedAnswers).toEqual([200, 200, 409]);
    for (const member of members) expect((await claim(unlimited, member.headers)).statusCode).toBe(200);
    expect([await grants(limited), await grants(unlimited)]).toEqual([2, 3]);
  });

  it('when perDeviceLimit is not a whole number from 1 to 1000, or refusingTraits is not a list of known traits, then 400 names it and nothing is written', async () => {
    const count = async () =>
      (
        (await db().execute(sql`select count(*)::int as n from promotions`)) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]?.n;
    const before = await count();
    for (const bad of [0, -1, 1.5, '1', 1001, true, '\u0000', 2 ** 63]) {
      const answer = await create(signUpBonus({ perDeviceLimit: bad as number }));
      expect(answer.statusCode, String(bad)).toBe(400);
      expect(answer.body).toContain('perDeviceLimit');
    }
    for (const bad of [[], ['DEVICE', 'DEVICE'], ['BROWSER'], ['DEVICE\u0000'], 'DEVICE', [1], ['\ud800']]) {
      const answer = await create(
        signUpBonus({ terms: { ...TEST_TERMS, refusingTraits: bad as ['DEVICE'] } as typeof TEST_TERMS }),
      );
      expect(answer.statusCode, JSON.stringify(bad)).toBe(400);
      expect(answer.body).toContain('refusingTraits');
    }
    expect(await count()).toBe(before);
  });
});

describeEachDatabase('a promotion’s limit per device, from browsers registering', (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(database(), { TRUSTED_PROXIES: '127.0.0.1,::1' });
  });
  afterAll(() => app.close());
  const { create, claim } = promotionRoutesHarness(database);

  /** Registers a member from its own address, in the browser that carries `cookie` (none: a new browser). */
  async function registered(cookie?: string): Promise<{ token: string; device: string }> {
    const headers: Record<string, string> = { ...fromNewAddress(), ...(cookie ? { cookie } : {}) };
    const { answer } = await registerThroughApi(app, headers, { prefix: 'dl' });
    expect(answer.statusCode, answer.body).toBe(200);
    const device = String([answer.headers['set-cookie']].flat()[0]).split(';')[0] as string;
    return { token: answer.json().value.token, device };
  }

  it('when two accounts register from one browser, each from its own address, then the second is refused the one-per-device bonus and an account from another browser gets it', async () => {
    const id = (await create(signUpBonus({ perDeviceLimit: 1 }))).json().value.id;
    const first = await registered();
    expect(first.device.startsWith(`${DEVICE_COOKIE}=`)).toBe(true);
    const second = await registered(first.device);
    const elsewhere = await registered();
    expect((await claim(id, bearer(first.token))).statusCode).toBe(200);
    const refused = await claim(id, bearer(second.token));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().value.reason).toBe('DEVICE_LIMIT');
    expect((await claim(id, bearer(elsewhere.token))).statusCode).toBe(200);
  });
});

describeOnPostgres('a promotion’s limit per device under concurrency', (database) => {
  const db = () => database().db;
  const { create, claim, grants } = promotionRoutesHarness(database);

  it('when two members of one browser claim at once a promotion allowing one grant per device, then one is granted and the other refused DEVICE_LIMIT', async () => {
    const id = (await create(signUpBonus({ perDeviceLimit: 1 }))).json().value.id;
    const shared = newDeviceId();
    const [first, second] = await Promise.all([1, 2].map(() => loggedInMember(db())));
    if (!first || !second) throw new Error('members not made');
    for (const member of [first, second]) await usedDevice(db(), member.member.id, shared);
    const answers = await claimTogether(db(), id, [
      () => claim(id, first.headers),
      () => claim(id, second.headers),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)?.json().value.reason).toBe('DEVICE_LIMIT');
    expect(await grants(id)).toBe(1);
  });
});
