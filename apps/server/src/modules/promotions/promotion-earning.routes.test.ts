import { PromotionClaimPaths } from '@fortuna/contracts/promotion-claims';
import { PromotionPaths } from '@fortuna/contracts/promotions';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases.ts';
import { loggedInMember } from '../../test/wallet-fixtures.ts';
import { promotionRoutesHarness } from './limit-claims.test-helpers.ts';
import { at, HOUR_MS, promotionInput } from './promotion-setup.test-helpers.ts';
import { onlyPromotion, TEST_TERMS } from './promotions.test-helpers.ts';

const EARNING_FIELDS = ['trigger', 'thresholdMinor', 'depositOrdinal', 'lossWindow'];

describeEachDatabase('what earns a promotion, in the members’ reads (issue 18)', (database) => {
  const harness = promotionRoutesHarness(database);
  const create = harness.createdId;
  const running = async () => {
    const answer = await harness.app.inject({ method: 'GET', url: `${PromotionPaths.running}?lang=EN` });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().value.promotions as Record<string, unknown>[];
  };
  const mine = async (headers: Record<string, string>) => {
    const answer = await harness.app.inject({
      method: 'GET',
      url: `${PromotionClaimPaths.mine}?lang=EN`,
      headers,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().value.promotions as Record<string, unknown>[];
  };
  const earningOf = (promotion: Record<string, unknown> | undefined) =>
    promotion && Object.fromEntries(EARNING_FIELDS.map((field) => [field, promotion[field]]));

  describe('given a 3rd-deposit bonus, a loss cashback and a valid-bets reward', () => {
    const window = { startsAt: at(-3 * HOUR_MS), endsAt: at(HOUR_MS) };
    const ids: Record<string, string> = {};
    beforeAll(async () => {
      ids.nth = await create(promotionInput({ trigger: 'NTH_DEPOSIT', depositOrdinal: 3 }));
      ids.loss = await create(
        promotionInput({
          type: 'REBATE',
          trigger: 'LOSS',
          automatic: false,
          thresholdMinor: '1000',
          lossWindow: window,
          terms: { ...TEST_TERMS, reward: { kind: 'PERCENT', percentBp: 1000, capMinor: '50000' } },
        }),
      );
      ids.bets = await create(
        promotionInput({ type: 'SLOTS', trigger: 'VALID_BETS', automatic: false, thresholdMinor: '250000' }),
      );
    });
    const expected = () => ({
      [ids.nth as string]: {
        trigger: 'NTH_DEPOSIT',
        thresholdMinor: null,
        depositOrdinal: 3,
        lossWindow: null,
      },
      [ids.loss as string]: {
        trigger: 'LOSS',
        thresholdMinor: '1000',
        depositOrdinal: null,
        lossWindow: {
          startsAt: new Date(window.startsAt).toISOString(),
          endsAt: new Date(window.endsAt).toISOString(),
        },
      },
      [ids.bets as string]: {
        trigger: 'VALID_BETS',
        thresholdMinor: '250000',
        depositOrdinal: null,
        lossWindow: null,
      },
    });

    it('when a guest reads the running promotions, then each states its trigger and that trigger’s figures', async () => {
      const listed = await running();
      for (const [id, earning] of Object.entries(expected()))
        expect(earningOf(listed.find((promotion) => promotion.id === id))).toEqual(earning);
    });

    it('when a member reads their own list, then the same figures come with the member’s standing', async () => {
      const { headers } = await loggedInMember(database().db);
      const listed = await mine(headers);
      for (const [id, earning] of Object.entries(expected()))
        expect(earningOf(listed.find((promotion) => promotion.id === id))).toEqual(earning);
    });

    it('when either read is made, then nothing about the budget, its spend or other members is in it', async () => {
      const { headers } = await loggedInMember(database().db);
      for (const listed of [await running(), await mine(headers)]) {
        const loss = listed.find((promotion) => promotion.id === ids.loss);
        for (const field of [
          'budgetMinor',
          'spentMinor',
          'grants',
          'activeGrants',
          'audienceMemberIds',
          'perAddressLimit',
        ])
          expect(loss).not.toHaveProperty(field);
      }
    });
  });

  it('when the referral programme’s promotion runs, then guests are not offered it on the promotions page, as members are not', async () => {
    const referral = await onlyPromotion(database().db, { trigger: 'REFERRAL', perMemberLimit: 1000 });
    expect((await running()).map((promotion) => promotion.id)).not.toContain(referral.id.toString());
  });

  it.each([
    ['a NUL byte', 'E\u0000N'],
    ['a lone surrogate', '\uD800'],
    ['a huge string', 'E'.repeat(100_000)],
  ])(
    'when the running read is asked in a language with %s, then it is refused 400 naming lang',
    async (_what, lang) => {
      const answer = await harness.app.inject({
        method: 'GET',
        url: PromotionPaths.running,
        query: { lang },
      });
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.body).toContain('lang');
    },
  );
});
