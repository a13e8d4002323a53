import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases.ts';
import { createMember } from '../../test/identity-fixtures.ts';
import { deviceHashOf, newDeviceId } from '../identity/device-cookie.ts';
import { reconcile } from '../ledger/reconciliation.ts';
import { createReferralsService } from '../referrals/referrals.service.ts';
import { createPromotionClaims } from './promotion-claims.ts';
import { creditDeposit, onlyPromotion, TEST_TERMS, testPromotions } from './promotions.test-helpers.ts';

type Trait = 'payee name' | 'address' | 'browser signature' | 'device';
/** The test's first-deposit promotion is of type DEPOSIT: the operator turns the rule on. */
const RULED_TERMS = { ...TEST_TERMS, refuseSharedAccounts: true };

describeEachDatabase(
  'the new-player bonus refused to a second account of one person (ADR 066)',
  (database) => {
    const db = () => database().db;
    let promotions: ReturnType<typeof testPromotions>['promotions'];
    let ledger: ReturnType<typeof testPromotions>['ledger'];
    beforeAll(async () => {
      ({ ledger, promotions } = testPromotions(db()));
      promotions.useSharedAccounts(createReferralsService({ db: db(), promotions }).sharedAccounts);
      await onlyPromotion(db(), { terms: RULED_TERMS });
    });
    afterAll(async () => {
      expect(await reconcile(db())).toEqual({ ok: true, problems: [] });
    });

    /** Gives the member a trait of its own kind, the same for every member given `value`. */
    async function give(memberId: bigint, trait: Trait, value: string) {
      if (trait === 'payee name')
        await db().execute(sql`update members set payee_name = ${value} where id = ${memberId}`);
      if (trait === 'address')
        await db().execute(sql`update members set register_ip = ${value} where id = ${memberId}`);
      if (trait === 'device') {
        await db().execute(
          sql`insert into member_known_devices (member_id, device_hash) values (${memberId}, ${deviceHashOf(value)})`,
        );
      }
      if (trait === 'browser signature') {
        await db().execute(sql`
        insert into member_sessions (token_hash, member_id, kind, ip, user_agent, expires_at)
        values (${`abuse-${randomUUID()}`}, ${memberId}, 'PASSWORD', '10.0.0.1', ${value}, now() + interval '1 hour')`);
      }
    }

    const deposit = (memberId: bigint) =>
      creditDeposit(db(), ledger, promotions, { memberId, amountMinor: 10_000n, first: true });

    async function flagsOf(memberId: bigint) {
      const result = (await db().execute(
        sql`select related_member_id::text as related, detail from abuse_flags where member_id = ${memberId} and rule = 'NEW_PLAYER_BONUS_REFUSED'`,
      )) as unknown as { rows: { related: string; detail: string }[] };
      return result.rows;
    }

    // The second account's trait as it would be typed again: a payee name in other case and spacing.
    for (const [trait, mine, theirs, shown] of [
      ['payee name', 'Juan  Dela Cruz', 'JUAN DELA   CRUZ', 'juan dela cruz'],
      ['address', '203.0.113.77', '203.0.113.77', '203.0.113.77'],
    ] as const) {
      it(`when a member shares a ${trait} with an account that had the first-deposit bonus, then the first deposit grants nothing and operators are told why`, async () => {
        const first = await createMember(db());
        const second = await createMember(db());
        const stamp = ` ${Date.now()}`;
        await give(first.id, trait, mine + stamp);
        await give(second.id, trait, theirs + stamp);
        expect(await deposit(first.id)).toHaveLength(1);
        expect(await deposit(second.id)).toEqual([]);
        const [flag] = await flagsOf(second.id);
        expect(flag?.related).toBe(first.id.toString());
        expect(flag?.detail).toContain(`shares ${trait} ${shown}${stamp}`);
      });
    }

    it('when a member used the browser (device id) of an account that had the first-deposit bonus, then the first deposit grants nothing and operators are told which device, by its hash', async () => {
      const first = await createMember(db());
      const second = await createMember(db());
      const device = newDeviceId();
      await give(first.id, 'device', device);
      await give(second.id, 'device', device);
      expect(await deposit(first.id)).toHaveLength(1);
      expect(await deposit(second.id)).toEqual([]);
      const [flag] = await flagsOf(second.id);
      expect(flag?.related).toBe(first.id.toString());
      expect(flag?.detail).toContain(`shares device ${deviceHashOf(device).slice(0, 12)}`);
      expect(flag?.detail).not.toContain(device);
    });

    it('when the promotion counts only the device: two members behind one address on two browsers both get it, and a second member on one browser is refused', async () => {
      await onlyPromotion(db(), { terms: { ...RULED_TERMS, refusingTraits: ['DEVICE'] } });
      await promotions.promotionsChanged();
      const address = `192.0.2.9 ${Date.now()}`;
      const [first, second, third] = [
        await createMember(db()),
        await createMember(db()),
        await createMember(db()),
      ];
      const device = newDeviceId();
      for (const member of [first, second, third]) await give(member.id, 'address', address);
      await give(first.id, 'device', device);
      await give(second.id, 'device', newDeviceId());
      await give(third.id, 'device', device);
      expect(await deposit(first.id)).toHaveLength(1);
      expect(await deposit(second.id)).toHaveLength(1);
      expect(await flagsOf(second.id)).toEqual([]);
      expect(await deposit(third.id)).toEqual([]);
      expect((await flagsOf(third.id)).map((flag) => flag.related)).toEqual([first.id.toString()]);
      await onlyPromotion(db(), { terms: RULED_TERMS });
      await promotions.promotionsChanged();
    });

    it('when two members share only a browser signature (strangers on one phone model and browser do), then both get the first-deposit bonus and nobody is flagged', async () => {
      const first = await createMember(db());
      const second = await createMember(db());
      const browser = `Mozilla/5.0 (Linux; Android 10; K) Chrome/131.0.0.0 Mobile ${Date.now()}`;
      await give(first.id, 'browser signature', browser);
      await give(second.id, 'browser signature', browser);
      expect(await deposit(first.id)).toHaveLength(1);
      expect(await deposit(second.id)).toHaveLength(1);
      expect(await flagsOf(second.id)).toEqual([]);
    });

    it('when nothing is shared, or the shared account never had a new-player bonus, then the bonus is granted and nobody is flagged', async () => {
      const first = await createMember(db());
      const second = await createMember(db());
      await give(first.id, 'address', `198.51.100.1 ${Date.now()}`);
      await give(second.id, 'address', `198.51.100.2 ${Date.now()}`);
      expect(await deposit(second.id)).toHaveLength(1);
      expect(await flagsOf(second.id)).toEqual([]);
      const third = await createMember(db());
      expect(await deposit(third.id)).toHaveLength(1);
    });

    it('when the operator turned the rule off on the promotion, then a member sharing an address still gets it', async () => {
      await onlyPromotion(db(), { terms: { ...TEST_TERMS, refuseSharedAccounts: false } });
      await promotions.promotionsChanged();
      const first = await createMember(db());
      const second = await createMember(db());
      const ip = `192.0.2.1 ${Date.now()}`;
      await give(first.id, 'address', ip);
      await give(second.id, 'address', ip);
      expect(await deposit(first.id)).toHaveLength(1);
      expect(await deposit(second.id)).toHaveLength(1);
      await onlyPromotion(db(), { terms: RULED_TERMS });
    });

    it('when a member claims a NEW_PLAYER sign-up bonus sharing a payee name with one who had it, then 409 SHARED_ACCOUNT and nothing is granted', async () => {
      const promotion = await onlyPromotion(db(), {
        trigger: 'SIGN_UP',
        terms: { ...TEST_TERMS, reward: { kind: 'FIXED', amountMinor: '5000' } },
      });
      await db().execute(
        sql`update promotions set type = 'NEW_PLAYER', automatic = false where id = ${promotion.id}`,
      );
      const claims = createPromotionClaims(db(), promotions, async () => new Map());
      const first = await createMember(db());
      const second = await createMember(db());
      const name = `Maria Santos ${Date.now()}`;
      await give(first.id, 'payee name', name);
      await give(second.id, 'payee name', name);
      expect((await claims.claim(first.id, promotion.id)).bonusMinor).toBe('5000');
      await expect(claims.claim(second.id, promotion.id)).rejects.toMatchObject({
        code: 'CONFLICT',
        details: { reason: 'SHARED_ACCOUNT' },
      });
      const granted = (await db().execute(
        sql`select count(*)::int as n from bonus_grants where member_id = ${second.id}`,
      )) as unknown as { rows: { n: number }[] };
      expect(Number(granted.rows[0]?.n)).toBe(0);
      await onlyPromotion(db(), { terms: RULED_TERMS });
    });
  },
);
