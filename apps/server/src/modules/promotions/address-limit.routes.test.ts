import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase, describeOnPostgres } from '../../test/databases.ts';
import { loggedInMember } from '../../test/wallet-fixtures.ts';
import { claimTogether, promotionRoutesHarness, signUpBonus } from './limit-claims.test-helpers.ts';

let serial = 0;
/** An address of the documentation range no other test uses. */
const freshAddress = () => {
  serial += 1;
  return `198.51.${Math.floor(Math.random() * 200)}.${serial}`;
};

describeEachDatabase('a promotion’s limit per address', (database) => {
  const db = () => database().db;
  const { create, claim, grants } = promotionRoutesHarness(database);

  it('when a promotion allows one grant per address, then a second member of that address (last login, else sign-up) is refused 409 ADDRESS_LIMIT and a member of another address is granted', async () => {
    const answer = await create(signUpBonus({ perAddressLimit: 1 }));
    expect(answer.statusCode, answer.body).toBe(200);
    const { id, perAddressLimit } = answer.json().value;
    expect(perAddressLimit).toBe(1);
    const shared = freshAddress();
    const first = await loggedInMember(db(), { lastLoginIp: shared, registerIp: freshAddress() });
    const sameLogin = await loggedInMember(db(), { lastLoginIp: shared });
    const sameSignUp = await loggedInMember(db(), { registerIp: shared });
    const elsewhere = await loggedInMember(db(), { registerIp: shared, lastLoginIp: freshAddress() });
    expect((await claim(id, first.headers)).statusCode).toBe(200);
    for (const member of [sameLogin, sameSignUp]) {
      const refused = await claim(id, member.headers);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().value.reason).toBe('ADDRESS_LIMIT');
    }
    expect((await claim(id, elsewhere.headers)).statusCode).toBe(200);
    expect(await grants(id)).toBe(2);
  });

  it('when a promotion allows two grants per address, then the third member of the address is refused; without a limit, any number are granted', async () => {
    const limited = (await create(signUpBonus({ perAddressLimit: 2 }))).json().value.id;
    const unlimited = (await create(signUpBonus({}))).json().value.id;
    const shared = freshAddress();
    const members = await Promise.all([1, 2, 3].map(() => loggedInMember(db(), { lastLoginIp: shared })));
    const limitedAnswers = [];
    for (const member of members) limitedAnswers.push((await claim(limited, member.headers)).statusCode);
    expect(limitedAnswers).toEqual([200, 200, 409]);
    for (const member of members) expect((await claim(unlimited, member.headers)).statusCode).toBe(200);
    expect([await grants(limited), await grants(unlimited)]).toEqual([2, 3]);
  });

  it('when perAddressLimit is not a whole number from 1 to 1000, then 400 names it and nothing is written', async () => {
    const before = (await db().execute(sql`select count(*)::int as n from promotions`)) as unknown as {
      rows: { n: number }[];
    };
    for (const bad of [0, -1, 1.5, '1', 1001, true, '\u0000']) {
      const answer = await create(signUpBonus({ perAddressLimit: bad as number }));
      expect(answer.statusCode, String(bad)).toBe(400);
      expect(answer.body).toContain('perAddressLimit');
    }
    const after = (await db().execute(sql`select count(*)::int as n from promotions`)) as unknown as {
      rows: { n: number }[];
    };
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
  });
});

describeOnPostgres('a promotion’s limit per address under concurrency', (database) => {
  const db = () => database().db;
  const { create, claim, grants } = promotionRoutesHarness(database);

  it('when two members of one address claim at once a promotion allowing one grant per address, then one is granted and the other refused ADDRESS_LIMIT', async () => {
    const id = (await create(signUpBonus({ perAddressLimit: 1 }))).json().value.id;
    const shared = freshAddress();
    const [first, second] = await Promise.all(
      [1, 2].map(() => loggedInMember(db(), { lastLoginIp: shared })),
    );
    if (!first || !second) throw new Error('members not made');
    const answers = await claimTogether(db(), id, [
      () => claim(id, first.headers),
      () => claim(id, second.headers),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)?.json().value.reason).toBe('ADDRESS_LIMIT');
    expect(await grants(id)).toBe(1);
  });
});
