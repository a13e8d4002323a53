import type {
  AbuseFlag,
  AbuseFlagsQuery,
  MyReferrals,
  ReferralProgramme,
  SetReferralProgramme,
} from '@fortuna/contracts/referrals';
import { AbuseFlagsQuerySchema } from '@fortuna/contracts/referrals';
import type { Database, Executor } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { recordAudit } from '../operators/audit.ts';
import type { PromotionsService } from '../promotions/promotions.service.ts';
import { looksLikeReferralCode, referralCodeOf } from './referral-codes.ts';
import { accountsSharingWith, refereeProgress, sharedTraits } from './referral-conditions.store.ts';
import * as store from './referrals.store.ts';

export interface ReferralsDeps {
  db: Database;
  promotions: Pick<PromotionsService, 'grantReward' | 'rewardTermsOf' | 'followMember'>;
  now?: () => Date;
}

/** The promotion did not grant (budget spent, limit reached, paused): the referral stays PENDING. */
class GrantRefused extends Error {}

const INVITEE_LIST_LIMIT = 100;
const PENDING_BATCH = 200;
/** The promotions' trigger of a promotion that pays referral rewards. */
export const REFERRAL_TRIGGER = 'REFERRAL';

/** 'alice99' → 'al***9': a friend is recognisable, not findable. */
function maskedName(username: string): string {
  if (username.length <= 3) return `${username.slice(0, 1)}***`;
  return `${username.slice(0, 2)}***${username.slice(-1)}`;
}

/**
 * Invite friends (ADR 060): a member's code; the friend registering with it is recorded once; when
 * the friend meets the programme's condition the member is rewarded once per friend, through the
 * promotions' grant path, unless the two accounts look like one person (then flagged, not paid).
 */
export function createReferralsService(deps: ReferralsDeps) {
  const { db, promotions } = deps;
  const now = deps.now ?? (() => new Date());

  async function programmeView(): Promise<ReferralProgramme & { row: store.ProgrammeRow | undefined }> {
    const row = await store.programme(db);
    const multiplier = row?.promotionId ? await promotions.rewardTermsOf(row.promotionId) : undefined;
    return {
      row,
      availablePromo: { REFERRAL: { enabled: Boolean(row?.enabled && multiplier) } },
      rewardMinor: (row?.rewardMinor ?? 0n).toString(),
      minFirstDepositMinor: row?.minFirstDepositMinor?.toString() ?? null,
      minValidBetsMinor: row?.minValidBetsMinor?.toString() ?? null,
      wageringMultiplier: multiplier?.multiplier ?? 0,
    };
  }

  /**
   * Flags the pair for each trait they share; answers whether they share one that withholds the
   * reward: a payee name or an address. A shared browser (its device id since ADR 077) is flagged
   * for operators but withholds nothing, as ADR 075 decided: a friend who signs up on the
   * referrer's phone is the invitation working, not abuse; operators read the flag.
   */
  async function flagShared(tx: Executor, refereeId: bigint, referrerId: bigint): Promise<boolean> {
    const shared = await sharedTraits(tx, refereeId, referrerId);
    for (const trait of shared) {
      await store.insertFlag(tx, {
        rule: trait.rule,
        memberId: refereeId,
        relatedMemberId: referrerId,
        detail: trait.detail,
      });
    }
    const withholding = shared.filter((trait) => trait.rule !== 'SHARED_DEVICE');
    if (withholding.length === 0) return false;
    await store.insertFlag(tx, {
      rule: 'SELF_REFERRAL',
      memberId: refereeId,
      relatedMemberId: referrerId,
      detail: `referred by an account sharing ${withholding.map((trait) => trait.rule).join(', ')}`,
    });
    return true;
  }

  /**
   * One pending referral: not eligible when the two accounts share a trait; rewarded when the
   * referee meets the condition. The PENDING → REWARDED move and the grant are one transaction,
   * so a referee is rewarded once whoever runs it; a grant refused (budget, limit, paused) rolls
   * the move back and the referral waits for the next run.
   */
  async function settle(
    referral: store.ReferralRow,
    programme: store.ProgrammeRow,
  ): Promise<'REWARDED' | 'NOT_ELIGIBLE' | 'PENDING'> {
    const { refereeId, referrerId } = referral;
    const progress = await refereeProgress(db, refereeId);
    const depositMet =
      programme.minFirstDepositMinor === null ||
      (progress.firstDepositMinor !== null && progress.firstDepositMinor >= programme.minFirstDepositMinor);
    const betsMet =
      programme.minValidBetsMinor === null || progress.validBetsMinor >= programme.minValidBetsMinor;
    if (!depositMet || !betsMet) return 'PENDING';
    const promotionId = programme.promotionId;
    if (promotionId === null) return 'PENDING';
    const outcome = await db
      .transaction(async (tx) => {
        // Checked again as the reward falls due: a payee name bound since registration counts.
        if (await flagShared(tx, refereeId, referrerId)) {
          await store.closePending(tx, refereeId, {
            state: 'NOT_ELIGIBLE',
            reason: 'SELF_REFERRAL',
            at: now(),
          });
          return 'NOT_ELIGIBLE' as const;
        }
        const closed = await store.closePending(tx, refereeId, {
          state: 'REWARDED',
          rewardMinor: programme.rewardMinor,
          at: now(),
        });
        if (!closed) return 'PENDING' as const;
        const grant = await promotions.grantReward(tx, {
          promotionId,
          memberId: referrerId,
          source: `referral of member ${refereeId}`,
          amountMinor: programme.rewardMinor,
        });
        if (!grant) throw new GrantRefused();
        await store.setGrant(tx, refereeId, grant.id);
        return 'REWARDED' as const;
      })
      .catch((error: unknown) => {
        if (error instanceof GrantRefused) return 'PENDING' as const;
        throw error;
      });
    // A reward without wagering is straight cash: released to the main wallet at once.
    if (outcome === 'REWARDED') await promotions.followMember(referrerId);
    return outcome;
  }

  /** Settles pending referrals in batches (of one referrer when given); answers how many were rewarded. */
  async function settlePending(referrerId?: bigint): Promise<number> {
    const programme = await store.programme(db);
    if (!programme?.enabled) return 0;
    let rewarded = 0;
    let after = 0n;
    for (;;) {
      const batch = await store.pendingAfter(db, after, PENDING_BATCH, referrerId);
      for (const referral of batch) if ((await settle(referral, programme)) === 'REWARDED') rewarded += 1;
      if (batch.length < PENDING_BATCH) return rewarded;
      after = batch[batch.length - 1]?.refereeId ?? after;
    }
  }

  return {
    settlePending,

    /**
     * After a registration (identity's hook): a member's referral code in it makes the new member
     * that member's referee. Sharing a trait with the referrer makes it not eligible at once.
     */
    async recordRegistration(refereeId: bigint, referralCode: string | undefined): Promise<void> {
      if (!looksLikeReferralCode(referralCode)) return;
      const referrerId = await store.ownerOfCode(db, referralCode);
      if (referrerId === undefined || referrerId === refereeId) return;
      await db.transaction(async (tx) => {
        if (!(await store.insertReferral(tx, refereeId, referrerId))) return;
        if (await flagShared(tx, refereeId, referrerId))
          await store.closePending(tx, refereeId, {
            state: 'NOT_ELIGIBLE',
            reason: 'SELF_REFERRAL',
            at: now(),
          });
      });
    },

    async programme(): Promise<ReferralProgramme> {
      const { row: _row, ...view } = await programmeView();
      return view;
    },

    /** The caller's code, invitees and rewards; its friends' conditions are looked at first, so the page is current. */
    async mine(memberId: bigint): Promise<MyReferrals> {
      await settlePending(memberId);
      const { row: _row, ...programme } = await programmeView();
      const invitees = await store.inviteesOf(db, memberId, INVITEE_LIST_LIMIT);
      return {
        code: await referralCodeOf(db, memberId),
        programme,
        totalRewardMinor: (await store.totalRewardOf(db, memberId)).toString(),
        invitees: invitees.map(({ referral, username }) => ({
          name: maskedName(username),
          registeredAt: referral.createdAt.toISOString(),
          state: referral.state as MyReferrals['invitees'][number]['state'],
          rewardMinor: referral.rewardMinor?.toString() ?? null,
          rewardedAt: referral.state === 'REWARDED' ? (referral.closedAt?.toISOString() ?? null) : null,
        })),
      };
    },

    async opsProgramme() {
      const { row, ...view } = await programmeView();
      return {
        ...view,
        enabled: row?.enabled ?? false,
        promotionId: row?.promotionId?.toString() ?? null,
        updatedAt: row?.updatedAt.toISOString() ?? null,
        updatedBy: row?.updatedBy ?? null,
      };
    },

    /** Operators set the programme (ADMIN): the promotion must exist and be a referral one; audited. */
    async setProgramme(input: SetReferralProgramme, actor: string) {
      const promotionId = BigInt(input.promotionId);
      const terms = await promotions.rewardTermsOf(promotionId);
      if (!terms || terms.trigger !== REFERRAL_TRIGGER) {
        throw AppError.invalidField(
          'body.promotionId',
          `must name a promotion with trigger ${REFERRAL_TRIGGER}`,
        );
      }
      const values = {
        enabled: input.enabled,
        promotionId,
        rewardMinor: BigInt(input.rewardMinor),
        minFirstDepositMinor: input.minFirstDepositMinor === null ? null : BigInt(input.minFirstDepositMinor),
        minValidBetsMinor: input.minValidBetsMinor === null ? null : BigInt(input.minValidBetsMinor),
        updatedAt: now(),
        updatedBy: actor,
      };
      await db.transaction(async (tx) => {
        await store.saveProgramme(tx, values);
        await recordAudit(tx, {
          actor,
          action: 'referral.programme.set',
          targetType: 'referral_programme',
          targetId: '1',
          details: { ...values, reason: input.reason },
        });
      });
      return this.opsProgramme();
    },

    async abuseFlags(
      query: AbuseFlagsQuery,
    ): Promise<{ items: AbuseFlag[]; page: number; pageSize: number; total: number }> {
      const { page, pageSize, memberId } = AbuseFlagsQuerySchema.parse(query);
      const { rows, total } = await store.flagsPage(db, {
        memberId: memberId === undefined ? undefined : BigInt(memberId),
        offset: (page - 1) * pageSize,
        limit: pageSize,
      });
      return {
        page,
        pageSize,
        total,
        items: rows.map((row) => ({
          id: row.id.toString(),
          rule: row.rule as AbuseFlag['rule'],
          memberId: row.memberId.toString(),
          relatedMemberId: row.relatedMemberId.toString(),
          detail: row.detail,
          createdAt: row.createdAt.toISOString(),
        })),
      };
    },

    /** The promotions' new-player rule (ADR 066): accounts sharing traits with a member, and the flag of a refusal. */
    sharedAccounts: {
      sharingWith: (tx: Executor, memberId: bigint) => accountsSharingWith(tx, memberId),
      flagRefusal: (tx: Executor, flag: { memberId: bigint; relatedMemberId: bigint; detail: string }) =>
        store.insertFlag(tx, { ...flag, rule: 'NEW_PLAYER_BONUS_REFUSED' }),
    },

    /** Accounts flagged as the same person as the member (the promotions' new-player rule asks). */
    relatedAccounts(tx: Executor, memberId: bigint): Promise<bigint[]> {
      return store.relatedAccounts(tx, memberId);
    },
  };
}
export type ReferralsService = ReturnType<typeof createReferralsService>;
