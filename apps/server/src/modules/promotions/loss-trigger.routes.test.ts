import { PromotionClaimPaths } from '@fortuna/contracts/promotion-claims';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases.ts';
import { loggedInMember } from '../../test/wallet-fixtures.ts';
import { reconcile } from '../ledger/reconciliation.ts';
import { promotionRoutesHarness } from './limit-claims.test-helpers.ts';
import { at, HOUR_MS, promotionInput } from './promotion-setup.test-helpers.ts';
import { balanceByKind, recordRound, TEST_TERMS } from './promotions.test-helpers.ts';

/** 10% of the net loss, at most 500.00; at least 10.00 lost to earn it. */
const cashback = (lossWindow: { startsAt: string; endsAt: string }) =>
  promotionInput({
    type: 'REBATE',
    trigger: 'LOSS',
    automatic: false,
    thresholdMinor: '1000',
    lossWindow,
    terms: { ...TEST_TERMS, reward: { kind: 'PERCENT', percentBp: 1000, capMinor: '50000' } },
  });

describeEachDatabase('the loss trigger: a cashback of the net loss over a window', (database) => {
  const db = () => database().db;
  const harness = promotionRoutesHarness(database);
  const create = harness.createdId;
  const claim = (id: string, headers: Record<string, string>) =>
    harness.app.inject({ method: 'POST', url: PromotionClaimPaths.claim.replace(':id', id), headers });
  const standingIn = async (id: string, headers: Record<string, string>) => {
    const answer = await harness.app.inject({
      method: 'GET',
      url: `${PromotionClaimPaths.mine}?lang=EN`,
      headers,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const found = (
      answer.json().value.promotions as { id: string; status: string; progressMinor: string }[]
    ).find((promotion) => promotion.id === id);
    return found && { status: found.status, progressMinor: found.progressMinor };
  };
  /** The member's net loss over the window, from the raw bet records. */
  const rawLoss = async (memberId: bigint, from: string, to: string) => {
    const result = (await db().execute(sql`
      select coalesce(sum(stake_minor - payout_minor), 0)::text as loss from bet_records
       where member_id = ${memberId} and status = 'SETTLED'
         and settled_at >= ${from}::timestamptz and settled_at < ${to}::timestamptz`)) as unknown as {
      rows: { loss: string }[];
    };
    return BigInt(result.rows[0]?.loss ?? '0');
  };

  it('when the window has closed, then a member who lost claims 10% of the net loss in it (rounds before and after not counted), once', async () => {
    const window = { startsAt: at(-3 * HOUR_MS), endsAt: at(-HOUR_MS) };
    const id = await create(cashback(window));
    const { member, headers } = await loggedInMember(db());
    const round = (stakeMinor: bigint, payoutMinor: bigint, offsetMs: number) =>
      recordRound(db(), {
        memberId: member.id,
        category: 'RNG',
        stakeMinor,
        payoutMinor,
        at: new Date(Date.now() + offsetMs),
      });
    await round(10_000n, 2_000n, -2 * HOUR_MS);
    await round(5_000n, 9_000n, -1.5 * HOUR_MS);
    await round(7_000n, 0n, -2.5 * HOUR_MS);
    await round(100_000n, 0n, -4 * HOUR_MS);
    await round(100_000n, 0n, -HOUR_MS / 2);
    const loss = await rawLoss(member.id, window.startsAt, window.endsAt);
    expect(loss).toBe(11_000n);
    expect(await standingIn(id, headers)).toEqual({ status: 'CLAIM', progressMinor: loss.toString() });

    const claimed = await claim(id, headers);
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json().value.bonusMinor).toBe((loss / 10n).toString());
    expect(await balanceByKind(db(), member.id, 'MEMBER_BONUS')).toBe(loss / 10n);
    const again = await claim(id, headers);
    expect(again.statusCode).toBe(409);
    expect(again.json().value.reason).toBe('ALREADY_CLAIMED');
    expect(await balanceByKind(db(), member.id, 'MEMBER_BONUS')).toBe(loss / 10n);
    expect((await reconcile(db())).problems).toEqual([]);
  });

  it('when the window is still open, or the member lost less than the threshold or won, then the claim is refused and nothing is granted', async () => {
    const open = await create(cashback({ startsAt: at(-HOUR_MS), endsAt: at(HOUR_MS) }));
    const closedWindow = { startsAt: at(-3 * HOUR_MS), endsAt: at(-HOUR_MS) };
    const closed = await create(cashback(closedWindow));
    const { member, headers } = await loggedInMember(db());
    await recordRound(db(), {
      memberId: member.id,
      category: 'RNG',
      stakeMinor: 50_000n,
      at: new Date(Date.now() - HOUR_MS / 2),
    });
    expect(await standingIn(open, headers)).toEqual({ status: 'PROCESS', progressMinor: '50000' });
    const counting = await claim(open, headers);
    expect(counting.statusCode).toBe(409);
    expect(counting.json().value.reason).toBe('LOSS_COUNTING');

    // Lost 9.99 in the closed window, then a winner: short of the 10.00 threshold.
    await recordRound(db(), {
      memberId: member.id,
      category: 'RNG',
      stakeMinor: 999n,
      at: new Date(Date.now() - 2 * HOUR_MS),
    });
    expect(await standingIn(closed, headers)).toEqual({ status: 'CLOSE', progressMinor: '999' });
    const short = await claim(closed, headers);
    expect(short.statusCode).toBe(409);
    expect(short.json().value.reason).toBe('LOSS_SHORT');
    const winner = await loggedInMember(db());
    await recordRound(db(), {
      memberId: winner.member.id,
      category: 'RNG',
      stakeMinor: 5_000n,
      payoutMinor: 50_000n,
      at: new Date(Date.now() - 2 * HOUR_MS),
    });
    expect((await claim(closed, winner.headers)).json().value.reason).toBe('LOSS_SHORT');
    const grants = (await db().execute(sql`
      select count(*)::int as n from bonus_grants where promotion_id in (${BigInt(open)}, ${BigInt(closed)})`)) as unknown as {
      rows: { n: number }[];
    };
    expect(grants.rows[0]?.n).toBe(0);
    expect(await balanceByKind(db(), winner.member.id, 'MEMBER_BONUS')).toBe(0n);
  });
});
