import { ReferralOpsPaths, ReferralPaths } from '@fortuna/contracts/referrals';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedDepositChannels } from '../../seed/deposit-channels.ts';
import { buildTestApp, opsHeaders } from '../../test/app.ts';
import { BAD_JSON_VALUES, PAST_BIGINT } from '../../test/bad-values.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { bearer } from '../../test/identity-fixtures.ts';
import { readyOperator } from '../../test/operator-sessions.ts';
import { loggedInMember } from '../../test/wallet-fixtures.ts';
import { deviceHashOf, newDeviceId } from '../identity/device-cookie.ts';
import { reconcile } from '../ledger/reconciliation.ts';
import { auditLog } from '../operators/operators.schema.ts';
import { findPromotionByCode, insertPromotionIfMissing } from '../promotions/promotions.store.ts';
import { balanceByKind, recordRound, TEST_TERMS } from '../promotions/promotions.test-helpers.ts';
import { referralProgramme } from './referrals.schema.ts';
import {
  creditedDeposit,
  referralOf,
  referralPromotion,
  registerWith,
  setProgramme,
} from './referrals.test-helpers.ts';

describeEachDatabase('invite friends (referral)', (database) => {
  const db = () => database().db;
  let app: FastifyInstance;
  let promotionId: string;
  beforeAll(async () => {
    await seedDepositChannels(db());
    app = await buildTestApp(database(), { TRUSTED_PROXIES: '127.0.0.1,::1' });
    promotionId = (await referralPromotion(db())).id.toString();
    expect((await setProgramme(app, { promotionId })).statusCode).toBe(200);
  });
  afterAll(() => app.close());
  const mine = (token: string) =>
    app.inject({ method: 'GET', url: ReferralPaths.mine, headers: bearer(token) });
  const mainOf = (memberId: bigint) => balanceByKind(db(), memberId, 'MEMBER_MAIN');

  it('when a friend registers with the link and makes a first deposit of at least the minimum, then the member is paid the reward once, in cash, and the page lists the friend masked', async () => {
    const referrer = await loggedInMember(db());
    const first = (await mine(referrer.token)).json().value;
    expect(first.code).toMatch(/^[A-Z0-9]{10}$/);
    expect(first.invitees).toEqual([]);
    expect(first.programme).toMatchObject({
      availablePromo: { REFERRAL: { enabled: true } },
      rewardMinor: '5000',
    });
    expect((await mine(referrer.token)).json().value.code).toBe(first.code);

    const friend = await registerWith(app, first.code);
    expect(await referralOf(db(), friend.memberId)).toMatchObject({ state: 'PENDING' });
    // 600.00 is under the minimum first deposit: nothing yet, and a later deposit is not a first one.
    await creditedDeposit(app, friend.token, '60000');
    await creditedDeposit(app, friend.token, '200000');
    const pending = (await mine(referrer.token)).json().value;
    expect(pending.invitees).toEqual([
      expect.objectContaining({
        name: `${friend.username.slice(0, 2)}***${friend.username.slice(-1)}`,
        state: 'PENDING',
        rewardMinor: null,
      }),
    ]);
    expect(await mainOf(referrer.member.id)).toBe(0n);

    const other = await registerWith(app, first.code);
    await creditedDeposit(app, other.token, '100000');
    const [a, b, c] = await Promise.all([mine(referrer.token), mine(referrer.token), mine(referrer.token)]);
    for (const answer of [a, b, c]) expect(answer.statusCode).toBe(200);
    const page = (await mine(referrer.token)).json().value;
    expect(page.totalRewardMinor).toBe('5000');
    expect(page.invitees.find((row: { state: string }) => row.state === 'REWARDED')).toMatchObject({
      rewardMinor: '5000',
    });
    // Straight cash: released to the main wallet as it is granted, once.
    expect(await mainOf(referrer.member.id)).toBe(5000n);
    expect(await balanceByKind(db(), referrer.member.id, 'MEMBER_BONUS')).toBe(0n);
    expect(await referralOf(db(), other.memberId)).toMatchObject({ state: 'REWARDED', reward_minor: '5000' });
    expect((await reconcile(db())).problems).toEqual([]);
  });

  it('when the pending referrals are settled by many runs at once (nodes, retries, the page), then the referee is rewarded once', async () => {
    const referrer = await loggedInMember(db());
    const { code } = (await mine(referrer.token)).json().value;
    const friend = await registerWith(app, code);
    await creditedDeposit(app, friend.token, '100000');
    await Promise.all(Array.from({ length: 8 }, () => mine(referrer.token)));
    expect(await mainOf(referrer.member.id)).toBe(5000n);
    const grants = (await db().execute(
      sql`select count(*)::int as n from bonus_grants where member_id = ${referrer.member.id}`,
    )) as unknown as { rows: { n: number }[] };
    expect(grants.rows[0]?.n).toBe(1);
  });

  it('when the friend shares the referrer’s address or payee name, then nothing is paid and the pair is flagged to ADMIN and SUPPORT (not FINANCE)', async () => {
    const shared = await loggedInMember(db(), { registerIp: '203.0.113.250' });
    const byAddress = await registerWith(app, (await mine(shared.token)).json().value.code, {
      ip: '203.0.113.250',
    });
    expect(await referralOf(db(), byAddress.memberId)).toMatchObject({
      state: 'NOT_ELIGIBLE',
      reason: 'SELF_REFERRAL',
    });

    // A payee name bound after registering is found when the reward falls due.
    const named = await loggedInMember(db(), { payeeName: 'Juan  Dela Cruz' });
    const byName = await registerWith(app, (await mine(named.token)).json().value.code);
    expect(await referralOf(db(), byName.memberId)).toMatchObject({ state: 'PENDING' });
    await db().execute(sql`update members set payee_name = 'juan dela cruz' where id = ${byName.memberId}`);
    await creditedDeposit(app, byName.token, '100000');
    const page = (await mine(named.token)).json().value;
    expect(page.invitees).toEqual([expect.objectContaining({ state: 'NOT_ELIGIBLE', rewardMinor: null })]);
    expect(await mainOf(named.member.id)).toBe(0n);

    const support = await readyOperator(app, 'SUPPORT');
    const flags = await app.inject({
      method: 'GET',
      url: `${ReferralOpsPaths.abuseFlags}?memberId=${byName.memberId}`,
      headers: support.headers,
    });
    expect(flags.statusCode).toBe(200);
    expect(
      flags
        .json()
        .value.items.map((flag: { rule: string }) => flag.rule)
        .sort(),
    ).toEqual(['SELF_REFERRAL', 'SHARED_PAYEE_NAME']);
    const all = await app.inject({ method: 'GET', url: ReferralOpsPaths.abuseFlags, headers: opsHeaders });
    expect(all.json().value.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          rule: 'SHARED_ADDRESS',
          memberId: byAddress.memberId.toString(),
          detail: '203.0.113.250',
        }),
      ]),
    );
    const finance = await readyOperator(app, 'FINANCE');
    expect(
      (await app.inject({ method: 'GET', url: ReferralOpsPaths.abuseFlags, headers: finance.headers }))
        .statusCode,
    ).toBe(403);
  });

  it('when the friend registers on the referrer’s browser (its device id) and nothing else is shared, then the pair is flagged as a shared device, yet the friend’s first deposit pays the reward (ADR 075, 077)', async () => {
    const referrer = await loggedInMember(db());
    const deviceId = newDeviceId();
    await db().execute(
      sql`insert into member_known_devices (member_id, device_hash) values (${referrer.member.id}, ${deviceHashOf(deviceId)})`,
    );
    const friend = await registerWith(app, (await mine(referrer.token)).json().value.code, {
      userAgent: 'Phone/1 same-device',
      deviceId,
    });
    expect(await referralOf(db(), friend.memberId)).toMatchObject({ state: 'PENDING' });
    await creditedDeposit(app, friend.token, '100000');
    // The referral page settles the referrer's pending referrals.
    expect((await mine(referrer.token)).statusCode).toBe(200);
    expect(await referralOf(db(), friend.memberId)).toMatchObject({ state: 'REWARDED' });
    expect(await mainOf(referrer.member.id)).toBe(5000n);
    const flags = await app.inject({
      method: 'GET',
      url: `${ReferralOpsPaths.abuseFlags}?memberId=${friend.memberId}`,
      headers: opsHeaders,
    });
    expect(flags.json().value.items.map((flag: { rule: string }) => flag.rule)).toEqual(['SHARED_DEVICE']);
  });

  it('when a registration carries an unknown, an agent’s or a malformed referral code, then it registers without a referral', async () => {
    for (const code of ['ZZZZZZZZZZ', 'AB', 'abc\u00e9defghi']) {
      const friend = await registerWith(app, code);
      expect(await referralOf(db(), friend.memberId)).toBeUndefined();
    }
  });

  it('when nobody or a trial account asks for the referral page, then 401 / 403; the public programme needs no session', async () => {
    expect((await app.inject({ method: 'GET', url: ReferralPaths.mine })).statusCode).toBe(401);
    const trial = await loggedInMember(db(), { type: 4 });
    expect((await mine(trial.token)).statusCode).toBe(403);
    const open = await app.inject({ method: 'GET', url: ReferralPaths.programme });
    expect(open.json().value.availablePromo.REFERRAL.enabled).toBe(true);
  });

  it('when the programme is set with bad input, then 400 names the field and nothing changes', async () => {
    const before = await db().select().from(referralProgramme);
    const audits = async () =>
      (await db().select().from(auditLog).where(eq(auditLog.action, 'referral.programme.set'))).length;
    const auditsBefore = await audits();
    for (const field of ['enabled', 'promotionId', 'rewardMinor', 'minFirstDepositMinor', 'reason']) {
      for (const [label, value] of BAD_JSON_VALUES) {
        if (field.startsWith('min') && value === null) continue;
        if (field === 'enabled' && typeof value === 'boolean') continue;
        // A reason of 3 to 500 plain characters is a good one ('abc', '-1'…): not bad input there.
        if (field === 'reason' && ['not a number', 'id past 2^63-1'].includes(label)) continue;
        const answer = await setProgramme(app, { promotionId, [field]: value });
        // A megabyte is refused by the body limit before the fields are read.
        if (label === '1 MB string') {
          expect(answer.statusCode).toBe(413);
          continue;
        }
        expect(answer.statusCode, `${field} = ${label}`).toBe(400);
        expect(answer.body, `${field} = ${label}`).toContain(field);
      }
    }
    const zero = await setProgramme(app, { promotionId, rewardMinor: '0' });
    expect(zero.statusCode).toBe(400);
    expect(zero.body).toContain('rewardMinor');
    const noCondition = await setProgramme(app, {
      promotionId,
      minFirstDepositMinor: null,
      minValidBetsMinor: null,
    });
    expect(noCondition.statusCode).toBe(400);
    expect(noCondition.body).toContain('minFirstDepositMinor');
    const depositCode = `NOT_REFERRAL_${Date.now()}`;
    await insertPromotionIfMissing(db(), {
      code: depositCode,
      type: 'DEPOSIT',
      texts: { EN: { title: 'not a referral one', bodyHtml: '' } },
      startsAt: new Date(),
      trigger: 'FIRST_DEPOSIT',
      terms: TEST_TERMS,
      budgetMinor: 1n,
    });
    const notReferral = (await findPromotionByCode(db(), depositCode))?.id.toString() ?? '';
    for (const other of [notReferral, '999999999', PAST_BIGINT]) {
      const answer = await setProgramme(app, { promotionId: other });
      expect(answer.statusCode, other).toBe(400);
      expect(answer.body).toContain('promotionId');
    }
    expect(await db().select().from(referralProgramme)).toEqual(before);
    expect(await audits()).toBe(auditsBefore);
    const support = await readyOperator(app, 'SUPPORT');
    const refused = await app.inject({
      method: 'PUT',
      url: ReferralOpsPaths.programme,
      headers: support.headers,
      payload: {
        enabled: false,
        promotionId,
        rewardMinor: '1',
        minFirstDepositMinor: '1',
        minValidBetsMinor: null,
        reason: 'nope',
      },
    });
    expect(refused.statusCode).toBe(403);
    for (const bad of ['a%00b', PAST_BIGINT, '-1', 'x']) {
      const answer = await app.inject({
        method: 'GET',
        url: `${ReferralOpsPaths.abuseFlags}?memberId=${bad}`,
        headers: opsHeaders,
      });
      expect(answer.statusCode, bad).toBe(400);
      expect(answer.body).toContain('memberId');
    }
  });

  it('when the programme asks for valid bets too, then a deposit alone does not reward; when it is switched off, the lobby is told and nothing is paid', async () => {
    expect((await setProgramme(app, { promotionId, minValidBetsMinor: '30000' })).statusCode).toBe(200);
    const referrer = await loggedInMember(db());
    const friend = await registerWith(app, (await mine(referrer.token)).json().value.code);
    await creditedDeposit(app, friend.token, '100000');
    await mine(referrer.token);
    expect(await referralOf(db(), friend.memberId)).toMatchObject({ state: 'PENDING' });

    const off = await setProgramme(app, { promotionId, enabled: false });
    expect(off.json().value).toMatchObject({
      enabled: false,
      availablePromo: { REFERRAL: { enabled: false } },
    });
    const open = await app.inject({ method: 'GET', url: ReferralPaths.programme });
    expect(open.json().value.availablePromo.REFERRAL.enabled).toBe(false);
    await recordRound(db(), { memberId: friend.memberId, category: 'RNG', stakeMinor: 40_000n });
    await mine(referrer.token);
    expect(await referralOf(db(), friend.memberId)).toMatchObject({ state: 'PENDING' });
    expect((await setProgramme(app, { promotionId, minValidBetsMinor: '30000' })).statusCode).toBe(200);
    await mine(referrer.token);
    expect(await referralOf(db(), friend.memberId)).toMatchObject({ state: 'REWARDED' });
    expect(await mainOf(referrer.member.id)).toBe(5000n);
  });
});
