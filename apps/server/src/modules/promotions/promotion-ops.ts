import type {
  ManualGrant,
  OpsBonusGrant,
  OpsPromotion,
  RevokeGrant,
  SetPromotionStatus,
} from '@fortuna/contracts/promotions';
import { sql } from 'drizzle-orm';
import { inTransaction } from '../../platform/db/after-commit.ts';
import type { Database, Executor } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { recordAudit } from '../operators/audit.ts';
import { postForfeit, postGrant } from './grant-postings.ts';
import { textIn, wageringRequiredFor } from './promotion-terms.ts';
import * as store from './promotions.store.ts';

export type Counted = Awaited<ReturnType<typeof store.promotionsWithGrantCounts>>[number];

export function opsView({ promotion, grants, activeGrants }: Counted): OpsPromotion {
  return {
    id: promotion.id.toString(),
    code: promotion.code,
    type: promotion.type,
    title: textIn(promotion.texts, 'EN').title,
    status: promotion.status as OpsPromotion['status'],
    trigger: promotion.trigger,
    automatic: promotion.automatic,
    startsAt: promotion.startsAt.toISOString(),
    endsAt: promotion.endsAt?.toISOString() ?? null,
    perMemberLimit: promotion.perMemberLimit,
    budgetMinor: promotion.budgetMinor.toString(),
    spentMinor: promotion.spentMinor.toString(),
    grants: Number(grants),
    activeGrants: Number(activeGrants),
    terms: promotion.terms,
  };
}

function grantView(grant: store.GrantRow): OpsBonusGrant {
  return {
    id: grant.id.toString(),
    promotionId: grant.promotionId.toString(),
    memberId: grant.memberId.toString(),
    bonusMinor: grant.bonusMinor.toString(),
    requiredMinor: grant.requiredMinor.toString(),
    status: grant.status as OpsBonusGrant['status'],
    closedReason: grant.closedReason,
  };
}

async function memberExists(db: Executor, memberId: bigint): Promise<boolean> {
  const result = (await db.execute(
    sql`select 1 as found from members where id = ${memberId}`,
  )) as unknown as {
    rows: unknown[];
  };
  return result.rows.length === 1;
}

/**
 * Operators and promotions (ADR 045): the list with budgets and spend, and pause, resume or end,
 * each change audited in its own transaction. An ended promotion stays ended; its grants keep
 * wagering under the terms they were given with.
 */
export function createPromotionOps(db: Database, ledger: LedgerService, changed: () => Promise<void>) {
  return {
    /**
     * Grants a bonus by hand from the promotion's budget, under its wagering terms (N × the
     * bonus), within its per-member limit; audited in the same transaction. The promotion's row
     * is locked, so a status change waits for the grant or the grant sees it.
     */
    async grantByHand(promotionId: bigint, input: ManualGrant, actor: string): Promise<OpsBonusGrant> {
      const memberId = BigInt(input.memberId);
      const bonusMinor = BigInt(input.amountMinor);
      return inTransaction(db, async (tx) => {
        const promotion = await store.lockPromotion(tx, promotionId);
        if (!promotion)
          throw new AppError('NOT_FOUND', { message: `No promotion has the id ${promotionId}` });
        if (!(await memberExists(tx, memberId))) {
          throw new AppError('NOT_FOUND', { message: `No member has the id ${memberId} (memberId)` });
        }
        const written = await store.grantIfCurrent(
          tx,
          {
            promotion,
            memberId,
            // An operator's grant is the way past an address's or a device's limit (ADR 066, 073, 077):
            // not counted against either.
            address: null,
            device: null,
            source: `operator: ${input.reason}`,
            terms: promotion.terms,
            depositMinor: 0n,
            bonusMinor,
            requiredMinor: wageringRequiredFor(promotion.terms, bonusMinor, 0n),
            at: new Date(),
          },
          (when) => ledger.bonusAccountsCtes(memberId, when),
        );
        if (!written) {
          throw new AppError('CONFLICT', {
            message: `The member already has ${promotion.perMemberLimit} grant(s) of this promotion, its per-member limit`,
          });
        }
        if (!written.budgetTaken) {
          throw new AppError('CONFLICT', {
            message: 'The promotion is not running, or its budget cannot cover the amountMinor',
          });
        }
        await postGrant(ledger, tx, written.row, `bonus ${promotion.code} by hand: ${input.reason}`, written);
        await recordAudit(tx, {
          actor,
          action: 'bonus.grant',
          targetType: 'bonus_grant',
          targetId: written.row.id.toString(),
          details: {
            promotionId: promotionId.toString(),
            memberId: memberId.toString(),
            bonusMinor: input.amountMinor,
            reason: input.reason,
          },
        });
        return grantView(written.row);
      });
    },

    /**
     * Revokes an unreleased bonus: the grant is FORFEITED, the bonus balance pays it back to the
     * house and it returns to the promotion's budget, audited, all in one transaction. The
     * conditional ACTIVE → FORFEITED move lets one of two racing revocations (or a release) win.
     */
    async revoke(grantId: bigint, input: RevokeGrant, actor: string): Promise<OpsBonusGrant> {
      return inTransaction(db, async (tx) => {
        const grant = await store.forfeitActiveGrant(tx, grantId, `REVOKED: ${input.reason}`, new Date());
        if (!grant) {
          const existing = await store.findGrant(tx, grantId);
          if (!existing) throw new AppError('NOT_FOUND', { message: `No bonus grant has the id ${grantId}` });
          throw new AppError('CONFLICT', { message: `The bonus is already ${existing.status}` });
        }
        const returned = await postForfeit(ledger, tx, grant, {
          key: `bonus:revoke:${grant.id}`,
          actor,
          reference: `bonus ${grant.id} revoked: ${input.reason}`,
        });
        // What came back is the house's again; what the member lost at play was spent.
        if (returned > 0n) await store.returnToBudget(tx, grant.promotionId, returned);
        await recordAudit(tx, {
          actor,
          action: 'bonus.revoke',
          targetType: 'bonus_grant',
          targetId: grantId.toString(),
          details: {
            memberId: grant.memberId.toString(),
            bonusMinor: grant.bonusMinor.toString(),
            reason: input.reason,
          },
        });
        return grantView(grant);
      });
    },

    async list(): Promise<{ promotions: OpsPromotion[] }> {
      return { promotions: (await store.promotionsWithGrantCounts(db)).map(opsView) };
    },

    async setStatus(id: bigint, change: SetPromotionStatus, actor: string): Promise<OpsPromotion> {
      await db.transaction(async (tx) => {
        const promotion = await store.lockPromotion(tx, id);
        if (!promotion) throw new AppError('NOT_FOUND', { message: `No promotion has the id ${id}` });
        if (promotion.status === 'ENDED' && change.status !== 'ENDED') {
          throw new AppError('CONFLICT', {
            message: 'An ended promotion cannot start again; create a new one',
          });
        }
        await store.setPromotionStatus(tx, id, change.status);
        await recordAudit(tx, {
          actor,
          action: 'promotion.status.set',
          targetType: 'promotion',
          targetId: id.toString(),
          details: { from: promotion.status, to: change.status, reason: change.reason },
        });
      });
      await changed();
      const [row] = await store.promotionsWithGrantCounts(db, id);
      if (!row) throw new Error(`promotion ${id} vanished`);
      return opsView(row);
    },
  };
}
export type PromotionOps = ReturnType<typeof createPromotionOps>;
