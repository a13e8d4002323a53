import { PromotionPaths } from '@fortuna/contracts/promotions';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { loggedInMember } from '../../test/wallet-fixtures.ts';
import { reconcile } from '../ledger/reconciliation.ts';
import { findGrant } from './promotions.store.ts';
import {
  balanceByKind,
  creditDeposit,
  onlyPromotion,
  postingsUnder,
  TEST_TERMS,
  testPromotions,
} from './promotions.test-helpers.ts';

describeEachDatabase('the member cancels a bonus still wagering (ADR 066)', (database) => {
  const db = () => database().db;
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(database());
    await onlyPromotion(db(), { terms: TEST_TERMS });
  });
  afterAll(async () => {
    expect(await reconcile(db())).toEqual({ ok: true, problems: [] });
    await app.close();
  });

  /** A logged-in member whose first deposit of 100.00 earned 100.00 of bonus. */
  async function memberWithGrant() {
    const member = await loggedInMember(db());
    const { ledger, promotions } = testPromotions(db());
    const [grant] = await creditDeposit(db(), ledger, promotions, {
      memberId: member.member.id,
      amountMinor: 10_000n,
      first: true,
    });
    if (!grant) throw new Error('no grant');
    const house = async () => ledger.balanceOf((await ledger.systemAccount('BONUS')).id);
    return { ...member, grant, house };
  }

  const cancel = (id: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: PromotionPaths.cancel.replace(':id', id), headers });

  it('when a member cancels an active bonus, then it is forfeited once, its money goes back to the house, and a replay answers the same moving nothing', async () => {
    const { member, grant, headers, house } = await memberWithGrant();
    const listed = await app.inject({ method: 'GET', url: PromotionPaths.bonuses, headers });
    expect(listed.json().value.bonuses[0]).toMatchObject({ id: grant.id.toString(), cancellable: true });
    const houseBefore = await house();

    const first = await cancel(grant.id.toString(), headers);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().value).toMatchObject({
      status: 'FORFEITED',
      closedReason: 'CANCELLED',
      cancellable: false,
    });
    expect(await balanceByKind(db(), member.id, 'MEMBER_BONUS')).toBe(0n);
    expect(await balanceByKind(db(), member.id, 'MEMBER_MAIN')).toBe(10_000n);
    expect(await house()).toBe(houseBefore + 10_000n);

    const replay = await cancel(grant.id.toString(), headers);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    expect(await house()).toBe(houseBefore + 10_000n);
    expect(await postingsUnder(db(), `bonus:cancel:${grant.id}`)).toBe(1);
  });

  it('when a member cancels twice at once, then the bonus is forfeited once', async () => {
    const { grant, headers, house } = await memberWithGrant();
    const houseBefore = await house();
    const answers = await Promise.all([
      cancel(grant.id.toString(), headers),
      cancel(grant.id.toString(), headers),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(await house()).toBe(houseBefore + 10_000n);
    expect(await postingsUnder(db(), `bonus:cancel:${grant.id}`)).toBe(1);
  });

  it('when a member cancels another member’s bonus, then 404 and nothing is written', async () => {
    const owner = await memberWithGrant();
    const stranger = await loggedInMember(db());
    const answer = await cancel(owner.grant.id.toString(), stranger.headers);
    expect(answer.statusCode).toBe(404);
    expect((await findGrant(db(), owner.grant.id))?.status).toBe('ACTIVE');
    expect(await postingsUnder(db(), `bonus:cancel:${owner.grant.id}`)).toBe(0);
  });

  it('when the terms do not let the member cancel, or the bonus was already released or forfeited otherwise, then 409 and nothing moves', async () => {
    await onlyPromotion(db(), { terms: { ...TEST_TERMS, memberMayCancel: false } });
    const locked = await memberWithGrant();
    const listed = await app.inject({ method: 'GET', url: PromotionPaths.bonuses, headers: locked.headers });
    expect(listed.json().value.bonuses[0].cancellable).toBe(false);
    const refused = await cancel(locked.grant.id.toString(), locked.headers);
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain('do not let it be cancelled');
    expect((await findGrant(db(), locked.grant.id))?.status).toBe('ACTIVE');
    await onlyPromotion(db(), { terms: TEST_TERMS });

    const expired = await memberWithGrant();
    await testPromotions(db()).promotions.expireGrant(db(), expired.grant);
    const closed = await cancel(expired.grant.id.toString(), expired.headers);
    expect(closed.statusCode).toBe(409);
    expect(closed.body).toContain('already FORFEITED');
    expect(await postingsUnder(db(), `bonus:cancel:${expired.grant.id}`)).toBe(0);
  });

  it('when the id is bad (NUL, lone surrogate, beyond the column, not a number) or there is no session, then 4xx naming the id and nothing is written', async () => {
    const { grant, headers } = await memberWithGrant();
    for (const id of ['%00', '%ED%A0%80', '99999999999999999999', '-1', 'abc', '9'.repeat(60)]) {
      const answer = await cancel(id, headers);
      expect(answer.statusCode, id).toBe(400);
      expect(answer.body, id).toContain('id');
    }
    // A path too long to read is refused before any route, as every call's is.
    expect((await cancel('9'.repeat(5_000), headers)).statusCode).toBe(414);
    expect((await cancel('9223372036854775807', headers)).statusCode).toBe(404);
    expect((await cancel(grant.id.toString())).statusCode).toBe(401);
    expect((await findGrant(db(), grant.id))?.status).toBe('ACTIVE');
  });
});
