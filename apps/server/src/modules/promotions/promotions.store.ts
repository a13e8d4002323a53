import { and, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import { bonusGrants, promotions } from './promotions.schema.ts';

export type PromotionRow = typeof promotions.$inferSelect;
export type GrantRow = typeof bonusGrants.$inferSelect;
export type NewPromotion = typeof promotions.$inferInsert;

/** Promotions the trigger grants without a claim, running at `at`. */
export function runningAutomatic(db: Executor, trigger: string, at: Date): Promise<PromotionRow[]> {
  return db
    .select()
    .from(promotions)
    .where(
      and(
        eq(promotions.trigger, trigger),
        eq(promotions.status, 'ACTIVE'),
        eq(promotions.automatic, true),
        lte(promotions.startsAt, at),
        or(isNull(promotions.endsAt), gt(promotions.endsAt, at)),
      ),
    )
    .orderBy(promotions.id);
}

export async function countGrants(db: Executor, promotionId: bigint, memberId: bigint): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(bonusGrants)
    .where(and(eq(bonusGrants.promotionId, promotionId), eq(bonusGrants.memberId, memberId)));
  return row?.count ?? 0;
}

/** Inserts the grant unless its (promotion, member, ordinal) is taken: a racing trigger got there first. */
export async function insertGrantIfFree(
  db: Executor,
  grant: typeof bonusGrants.$inferInsert,
): Promise<GrantRow | undefined> {
  const [row] = await db.insert(bonusGrants).values(grant).onConflictDoNothing().returning();
  return row;
}

/**
 * Takes `amountMinor` from the promotion's budget if it is still there. One conditional update:
 * concurrent grants queue on the row and each sees the spend of the ones before it, so the
 * budget is never overdrawn. False when the budget cannot cover it.
 */
export async function takeFromBudget(
  db: Executor,
  promotionId: bigint,
  amountMinor: bigint,
): Promise<boolean> {
  const rows = await db
    .update(promotions)
    .set({ spentMinor: sql`${promotions.spentMinor} + ${amountMinor}` })
    .where(
      and(
        eq(promotions.id, promotionId),
        sql`${promotions.spentMinor} + ${amountMinor} <= ${promotions.budgetMinor}`,
      ),
    )
    .returning({ id: promotions.id });
  return rows.length === 1;
}

export async function insertPromotionIfMissing(db: Executor, promotion: NewPromotion): Promise<void> {
  await db.insert(promotions).values(promotion).onConflictDoNothing();
}

export async function findPromotionByCode(db: Executor, code: string): Promise<PromotionRow | undefined> {
  const [row] = await db.select().from(promotions).where(eq(promotions.code, code));
  return row;
}

/** A member's grants, newest first, with their promotion's texts. */
export function grantsOf(db: Executor, memberId: bigint, limit: number) {
  return db
    .select({ grant: bonusGrants, texts: promotions.texts })
    .from(bonusGrants)
    .innerJoin(promotions, eq(promotions.id, bonusGrants.promotionId))
    .where(eq(bonusGrants.memberId, memberId))
    .orderBy(desc(bonusGrants.id))
    .limit(limit);
}

/** Active grants in id order after `afterId`, for the wagering job's batches. */
export function activeGrantsAfter(db: Executor, afterId: bigint, limit: number): Promise<GrantRow[]> {
  return db
    .select()
    .from(bonusGrants)
    .where(and(eq(bonusGrants.status, 'ACTIVE'), gt(bonusGrants.id, afterId)))
    .orderBy(bonusGrants.id)
    .limit(limit);
}

/** The member's active grants, oldest first: the order in which wagering is credited and money held. */
export function activeGrantsOf(db: Executor, memberId: bigint): Promise<GrantRow[]> {
  return db
    .select()
    .from(bonusGrants)
    .where(and(eq(bonusGrants.memberId, memberId), eq(bonusGrants.status, 'ACTIVE')))
    .orderBy(bonusGrants.id);
}

/** Records wagering progress of an active grant; with `close`, releases or forfeits it in the same update. */
export async function updateActiveGrant(
  db: Executor,
  grantId: bigint,
  change: { wageredMinor: bigint; close?: { status: 'RELEASED' | 'FORFEITED'; reason: string; at: Date } },
): Promise<boolean> {
  const rows = await db
    .update(bonusGrants)
    .set({
      wageredMinor: change.wageredMinor,
      ...(change.close
        ? { status: change.close.status, closedReason: change.close.reason, closedAt: change.close.at }
        : {}),
    })
    .where(and(eq(bonusGrants.id, grantId), eq(bonusGrants.status, 'ACTIVE')))
    .returning({ id: bonusGrants.id });
  return rows.length === 1;
}

/** Every promotion, newest first, with how many grants it gave and how many are still wagering. */
export function promotionsWithGrantCounts(db: Executor) {
  return db
    .select({
      promotion: promotions,
      grants: sql<number>`(select count(*)::int from bonus_grants g where g.promotion_id = ${promotions.id})`,
      activeGrants: sql<number>`(select count(*)::int from bonus_grants g where g.promotion_id = ${promotions.id} and g.status = 'ACTIVE')`,
    })
    .from(promotions)
    .orderBy(desc(promotions.id));
}

/** The promotion, its row locked until the transaction ends (a status change reads, then writes). */
export async function lockPromotion(db: Executor, id: bigint): Promise<PromotionRow | undefined> {
  const [row] = await db.select().from(promotions).where(eq(promotions.id, id)).for('update');
  return row;
}

export async function setPromotionStatus(db: Executor, id: bigint, status: string): Promise<void> {
  await db.update(promotions).set({ status }).where(eq(promotions.id, id));
}

/** Promotions running at `at` (active and within their schedule), oldest first. */
export function runningAt(db: Executor, at: Date): Promise<PromotionRow[]> {
  return db
    .select()
    .from(promotions)
    .where(
      and(
        eq(promotions.status, 'ACTIVE'),
        lte(promotions.startsAt, at),
        or(isNull(promotions.endsAt), gt(promotions.endsAt, at)),
      ),
    )
    .orderBy(promotions.id);
}
