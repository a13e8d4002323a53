import { PromotionClaimPaths } from '@fortuna/contracts/promotion-claims';
import { PromotionSetupPaths } from '@fortuna/contracts/promotion-setup';
import { PromotionOpsPaths, PromotionPaths } from '@fortuna/contracts/promotions';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';
import { PAST_BIGINT } from '../../test/bad-values.ts';
import { describeEachDatabase, describeOnPostgres } from '../../test/databases.ts';
import { readyOperator } from '../../test/operator-sessions.ts';
import { loggedInMember } from '../../test/wallet-fixtures.ts';
import { reconcile } from '../ledger/reconciliation.ts';
import { at, HOUR_MS, promotionInput } from './promotion-setup.test-helpers.ts';
import { recordRound, TEST_TERMS } from './promotions.test-helpers.ts';

const FIXED_100 = { ...TEST_TERMS, reward: { kind: 'FIXED' as const, amountMinor: '10000' } };
const signUpBonus = (overrides: Parameters<typeof promotionInput>[0] = {}) =>
  promotionInput({
    type: 'NEW_PLAYER',
    trigger: 'SIGN_UP',
    automatic: false,
    terms: FIXED_100,
    ...overrides,
  });

/** An app with an ADMIN, and calls for creating promotions and claiming them. */
function claimsHarness(database: Parameters<Parameters<typeof describeEachDatabase>[1]>[0]) {
  const state = {} as { app: FastifyInstance; admin: Record<string, string> };
  beforeAll(async () => {
    state.app = await buildTestApp(database());
    state.admin = (await readyOperator(state.app, 'ADMIN')).headers;
  });
  afterAll(async () => {
    await state.app.close();
  });
  return {
    state,
    async create(input: ReturnType<typeof promotionInput>): Promise<string> {
      const answer = await state.app.inject({
        method: 'POST',
        url: PromotionSetupPaths.create,
        headers: state.admin,
        payload: input,
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json().value.id;
    },
    claim: (id: string, headers: Record<string, string>) =>
      state.app.inject({ method: 'POST', url: PromotionClaimPaths.claim.replace(':id', id), headers }),
    async mine(headers: Record<string, string>) {
      const answer = await state.app.inject({
        method: 'GET',
        url: `${PromotionClaimPaths.mine}?lang=EN`,
        headers,
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json().value as {
        promotions: {
          id: string;
          status: string;
          progressMinor: string | null;
          terms: { withdrawalRule: string; wagering: { multiplier: number } };
        }[];
        availablePromoCount: number;
      };
    },
  };
}

const grantsOf = async (
  database: () => { db: { execute: (query: ReturnType<typeof sql>) => unknown } },
  id: string,
) =>
  (
    (await database().db.execute(
      sql`select count(*)::int as grants from bonus_grants where promotion_id = ${BigInt(id)}`,
    )) as { rows: { grants: number }[] }
  ).rows[0]?.grants;

describeEachDatabase('members claim promotions', (database) => {
  const harness = claimsHarness(database);
  const statusIn = async (headers: Record<string, string>, id: string) =>
    (await harness.mine(headers)).promotions.find((promotion) => promotion.id === id)?.status;

  it('when a member claims a claimable promotion, then the bonus is granted once, shows in bonus details, and the status moves from claim to claimed', async () => {
    const { headers } = await loggedInMember(database().db, { withPaymentPassword: false });
    const id = await harness.create(signUpBonus());
    const before = await harness.mine(headers);
    expect(before.promotions.find((promotion) => promotion.id === id)).toMatchObject({
      status: 'CLAIM',
      // The terms the member reads before claiming, the default withdrawal rule stated.
      terms: { withdrawalRule: 'FORFEIT', wagering: { multiplier: 5 } },
    });
    expect(before.availablePromoCount).toBeGreaterThanOrEqual(1);
    const claimed = await harness.claim(id, headers);
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json().value).toMatchObject({ bonusMinor: '10000', requiredMinor: '50000' });
    expect(await statusIn(headers, id)).toBe('CLAIMED');
    expect((await harness.mine(headers)).availablePromoCount).toBe(before.availablePromoCount - 1);
    const again = await harness.claim(id, headers);
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('claimed this promotion already');
    expect(again.json().value.reason).toBe('ALREADY_CLAIMED');
    const bonuses = await harness.state.app.inject({ method: 'GET', url: PromotionPaths.bonuses, headers });
    expect(bonuses.json().value.bonuses[0]).toMatchObject({ bonusMinor: '10000', status: 'ACTIVE' });
    expect(await grantsOf(database, id)).toBe(1);
  });

  it('when a valid-bets promotion is short of its threshold, then it is in process and refused; once met, the claim pays its share of the valid bets', async () => {
    const { member, headers } = await loggedInMember(database().db, { withPaymentPassword: false });
    const id = await harness.create(
      promotionInput({
        type: 'SLOTS',
        trigger: 'VALID_BETS',
        automatic: false,
        thresholdMinor: '20000',
        terms: { ...TEST_TERMS, reward: { kind: 'PERCENT', percentBp: 1000, capMinor: '2500' } },
      }),
    );
    await recordRound(database().db, { memberId: member.id, category: 'RNG', stakeMinor: 15_000n });
    expect(await statusIn(headers, id)).toBe('PROCESS');
    const short = await harness.claim(id, headers);
    expect(short.statusCode).toBe(409);
    expect(short.body).toContain('15000 of the 20000');
    expect(short.json().value.reason).toBe('BETS_SHORT');
    await recordRound(database().db, { memberId: member.id, category: 'PVP', stakeMinor: 15_000n });
    expect(await statusIn(headers, id)).toBe('CLAIM');
    const claimed = await harness.claim(id, headers);
    expect(claimed.statusCode, claimed.body).toBe(200);
    // 10% of 300.00 is 30.00, capped at 25.00.
    expect(claimed.json().value.bonusMinor).toBe('2500');
  });

  it('when a claim is of a promotion not started, ended, automatic, of another audience, applied for, unknown, or without a session, then 4xx and nothing is granted', async () => {
    const { headers } = await loggedInMember(database().db, { withPaymentPassword: false });
    const other = await loggedInMember(database().db, { withPaymentPassword: false });
    const future = await harness.create(signUpBonus({ startsAt: at(HOUR_MS) }));
    const ended = await harness.create(signUpBonus());
    await harness.state.app.inject({
      method: 'POST',
      url: PromotionOpsPaths.status.replace(':id', ended),
      headers: harness.state.admin,
      payload: { status: 'ENDED', reason: 'over early' },
    });
    const automatic = await harness.create(promotionInput({ startsAt: at(-HOUR_MS), endsAt: at(-1000) }));
    const foreign = await harness.create(
      signUpBonus({ audience: 'MEMBERS', audienceMemberIds: [String(other.member.id)] }),
    );
    const applied = await harness.create(signUpBonus({ trigger: 'MANUAL_APPLICATION' }));
    expect(await statusIn(headers, future)).toBe('COMING_SOON');
    expect(await statusIn(headers, foreign)).toBeUndefined();
    expect(await statusIn(other.headers, foreign)).toBe('CLAIM');
    expect(await statusIn(headers, applied)).toBe('JOIN');
    // The reason, when there is one, lets the lobby say it in the member's language.
    const cases: [string, Record<string, string>, number, string, string?][] = [
      [future, headers, 409, 'not started', 'NOT_STARTED'],
      [ended, headers, 409, 'closed', 'CLOSED'],
      [automatic, headers, 409, 'deposit', 'GIVEN_ON_DEPOSIT'],
      [foreign, headers, 403, 'not offered to you', 'NOT_OFFERED'],
      [applied, headers, 409, 'applied for', 'APPLIED_FOR'],
      ['999999999', headers, 404, 'promotion'],
      [PAST_BIGINT, headers, 400, 'id'],
      ['abc', headers, 400, 'id'],
      [future, {}, 401, ''],
      [future, harness.state.admin, 401, ''],
    ];
    for (const [id, caller, status, words, reason] of cases) {
      const answer = await harness.claim(id, caller);
      expect(answer.statusCode, `${id} ${words}`).toBe(status);
      expect(answer.body).toContain(words);
      if (reason) expect(answer.json().value.reason).toBe(reason);
    }
    for (const id of [future, ended, automatic, foreign, applied])
      expect(await grantsOf(database, id)).toBe(0);
  });
});

describeOnPostgres('claims under concurrency', (database) => {
  const harness = claimsHarness(database);

  it('when 50 members claim at once a promotion whose budget pays 10, then exactly 10 are granted and the budget is spent to the unit', async () => {
    const id = await harness.create(signUpBonus({ budgetMinor: '100000' }));
    const members = await Promise.all(
      Array.from({ length: 50 }, () => loggedInMember(database().db, { withPaymentPassword: false })),
    );
    const answers = await Promise.all(members.map(({ headers }) => harness.claim(id, headers)));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(10);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(40);
    expect(answers.find((answer) => answer.statusCode === 409)?.json().value.reason).toBe('BUDGET_SPENT');
    const [row] = (
      (await database().db.execute(
        sql`select spent_minor::text as spent from promotions where id = ${BigInt(id)}`,
      )) as unknown as { rows: { spent: string }[] }
    ).rows;
    expect(row?.spent).toBe('100000');
    expect(await grantsOf(database, id)).toBe(10);
    expect((await reconcile(database().db)).problems).toEqual([]);
  });

  it('when one member claims twice at once, then one claim is granted and the other refused', async () => {
    const id = await harness.create(signUpBonus());
    const { headers } = await loggedInMember(database().db, { withPaymentPassword: false });
    const answers = await Promise.all([harness.claim(id, headers), harness.claim(id, headers)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await grantsOf(database, id)).toBe(1);
  });
});
