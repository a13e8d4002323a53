import type { OpsPromotion, SetPromotionStatus } from '@fortuna/contracts/promotions';
import type { Database } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { recordAudit } from '../operators/audit.ts';
import { textIn } from './promotion-terms.ts';
import * as store from './promotions.store.ts';

type Counted = Awaited<ReturnType<typeof store.promotionsWithGrantCounts>>[number];

function opsView({ promotion, grants, activeGrants }: Counted): OpsPromotion {
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

/**
 * Operators and promotions (ADR 045): the list with budgets and spend, and pause, resume or end,
 * each change audited in its own transaction. An ended promotion stays ended; its grants keep
 * wagering under the terms they were given with.
 */
export function createPromotionOps(db: Database, changed: () => Promise<void>) {
  return {
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
      const row = (await store.promotionsWithGrantCounts(db)).find(({ promotion }) => promotion.id === id);
      if (!row) throw new Error(`promotion ${id} vanished`);
      return opsView(row);
    },
  };
}
export type PromotionOps = ReturnType<typeof createPromotionOps>;
