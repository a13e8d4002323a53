import { and, desc, eq, gt, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import type { BonusTerms, PromotionTexts } from './promotion-terms.ts';
import { bonusGrants, promotions } from './promotions.schema.ts';

export type PromotionRow = typeof promotions.$inferSelect;
export type GrantRow = typeof bonusGrants.$inferSelect;
export type NewPromotion = typeof promotions.$inferInsert;

/** Promotions that may grant now or later (ACTIVE, not ended at `at`): what a node keeps (running-promotions.ts). */
export async function mayStillGrant(db: Executor, at: Date): Promise<PromotionRow[]> {
  // Awaited here: a query builder kept unawaited would run again on every later `then`.
  return await db
    .select()
    .from(promotions)
    .where(and(eq(promotions.status, 'ACTIVE'), or(isNull(promotions.endsAt), gt(promotions.endsAt, at))))
    .orderBy(promotions.id);
}

export interface GrantToWrite {
  /** The promotion as the caller saw it: the grant is written only while the row is still so. */
  promotion: Pick<PromotionRow, 'id' | 'version' | 'perMemberLimit' | 'perAddressLimit' | 'perDeviceLimit'>;
  memberId: bigint;
  /** The member's address (ADR 073); null: unknown, and no limit per address applies. */
  address: string | null;
  /** The member's latest browser's device hash (ADR 077); null: none, and no limit per device applies. */
  device: string | null;
  source: string;
  terms: BonusTerms;
  depositMinor: bigint;
  bonusMinor: bigint;
  requiredMinor: bigint;
  at: Date;
}

export interface WrittenGrant {
  row: GrantRow;
  budgetTaken: boolean;
  /** The member's bonus balance and the house's promotion expense, when the statement answered them (ADR 075). */
  bonusAccountId: bigint | null;
  expenseAccountId: bigint | null;
}

/**
 * A grant and its budget in one statement (ADR 052): the grant row takes the member's next
 * ordinal within the per-member limit (the unique key stops a racing twin), and the budget is
 * taken only if that row was written and the promotion is still the version the caller saw,
 * ACTIVE, within its schedule and able to cover the bonus. Concurrent grants queue on the
 * promotion's row and each sees the spend of the ones before it, so the budget is never
 * overdrawn. Answers the grant and whether the budget was taken; a grant without its budget
 * must be dropped (dropGrant) before the transaction commits.
 */
export async function grantIfCurrent(
  db: Executor,
  grant: GrantToWrite,
  /**
   * The ledger's CTEs that open the member's bonus balance when `when` holds (ADR 075): given, the
   * statement opens it once the budget is taken and answers it with the promotion expense, so
   * the grant's posting needs no lookups of its own.
   */
  bonusAccountsCtes?: (when: SQL) => SQL,
): Promise<WrittenGrant | undefined> {
  const { promotion, bonusMinor, at } = grant;
  const accounts = bonusAccountsCtes ? sql`, ${bonusAccountsCtes(sql`exists (select 1 from spent)`)}` : sql``;
  const accountColumns = bonusAccountsCtes
    ? sql`, (select member_account_id::text from bonus_accounts) as bonus_account_id,
             (select expense_account_id::text from bonus_accounts) as expense_account_id`
    : sql`, null as bonus_account_id, null as expense_account_id`;
  // The address's next ordinal only under a limit per address: without one, racing grants of one
  // address must not stop each other on its unique key.
  const addressLimit = grant.address === null ? null : promotion.perAddressLimit;
  // Likewise the device's (ADR 077).
  const deviceLimit = grant.device === null ? null : promotion.perDeviceLimit;
  const result = (await db.execute(sql`
    with next as (
      select count(*)::int + 1 as ordinal from bonus_grants
       where promotion_id = ${promotion.id} and member_id = ${grant.memberId}
    ), at_address as (
      select count(*)::int + 1 as ordinal from bonus_grants
       where promotion_id = ${promotion.id} and address = ${grant.address}
    ), on_device as (
      select count(*)::int + 1 as ordinal from bonus_grants
       where promotion_id = ${promotion.id} and device = ${grant.device}
    ), written as (
      insert into bonus_grants (promotion_id, member_id, ordinal, source, terms, deposit_minor, bonus_minor,
                                required_minor, address, address_ordinal, device, device_ordinal)
      select ${promotion.id}, ${grant.memberId}, next.ordinal, ${grant.source}, ${JSON.stringify(grant.terms)}::jsonb,
             ${grant.depositMinor}, ${bonusMinor}, ${grant.requiredMinor}, ${grant.address},
             case when ${addressLimit}::int is null then null else at_address.ordinal end,
             ${grant.device}, case when ${deviceLimit}::int is null then null else on_device.ordinal end
        from next, at_address, on_device
       where next.ordinal <= ${promotion.perMemberLimit}
         and (${addressLimit}::int is null or at_address.ordinal <= ${addressLimit}::int)
         and (${deviceLimit}::int is null or on_device.ordinal <= ${deviceLimit}::int)
      on conflict do nothing
      returning *
    ), spent as (
      update promotions set spent_minor = spent_minor + ${bonusMinor}
       where id = ${promotion.id} and exists (select 1 from written)
         and version = ${promotion.version} and status = 'ACTIVE'
         and starts_at <= ${at.toISOString()}::timestamptz
         and (ends_at is null or ends_at > ${at.toISOString()}::timestamptz)
         and spent_minor + ${bonusMinor} <= budget_minor
      returning id
    )${accounts}
    select written.id::text, written.ordinal, written.address_ordinal, written.device_ordinal, written.granted_at::text,
           exists (select 1 from spent) as budget_taken
           ${accountColumns}
      from written`)) as unknown as {
    rows: {
      id: string;
      ordinal: number;
      address_ordinal: number | null;
      device_ordinal: number | null;
      granted_at: string;
      budget_taken: boolean;
      bonus_account_id: string | null;
      expense_account_id: string | null;
    }[];
  };
  const [written] = result.rows;
  if (!written) return undefined;
  const idOf = (value: string | null) => (value === null ? null : BigInt(value));
  return {
    budgetTaken: written.budget_taken,
    bonusAccountId: idOf(written.bonus_account_id),
    expenseAccountId: idOf(written.expense_account_id),
    row: {
      id: BigInt(written.id),
      promotionId: promotion.id,
      memberId: grant.memberId,
      ordinal: written.ordinal,
      address: grant.address,
      addressOrdinal: written.address_ordinal,
      device: grant.device,
      deviceOrdinal: written.device_ordinal,
      source: grant.source,
      terms: grant.terms,
      depositMinor: grant.depositMinor,
      bonusMinor,
      requiredMinor: grant.requiredMinor,
      wageredMinor: 0n,
      status: 'ACTIVE',
      grantedAt: new Date(written.granted_at),
      closedAt: null,
      closedReason: null,
    },
  };
}

/** Takes back a grant whose budget could not be taken, in the transaction that wrote it. */
export async function dropGrant(db: Executor, grantId: bigint): Promise<void> {
  await db.delete(bonusGrants).where(eq(bonusGrants.id, grantId));
}

export async function findPromotion(db: Executor, id: bigint): Promise<PromotionRow | undefined> {
  const [row] = await db.select().from(promotions).where(eq(promotions.id, id));
  return row;
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

/** Every promotion (or the one of `id`), newest first, with how many grants it gave and how many are still wagering. */
export function promotionsWithGrantCounts(db: Executor, id?: bigint) {
  return db
    .select({
      promotion: promotions,
      grants: sql<number>`(select count(*)::int from bonus_grants g where g.promotion_id = ${promotions.id})`,
      activeGrants: sql<number>`(select count(*)::int from bonus_grants g where g.promotion_id = ${promotions.id} and g.status = 'ACTIVE')`,
    })
    .from(promotions)
    .where(id === undefined ? undefined : eq(promotions.id, id))
    .orderBy(desc(promotions.id));
}

/** The promotion, its row locked until the transaction ends (a status change reads, then writes). */
export async function lockPromotion(db: Executor, id: bigint): Promise<PromotionRow | undefined> {
  const [row] = await db.select().from(promotions).where(eq(promotions.id, id)).for('update');
  return row;
}

/** Every change a grant depends on bumps the version: nodes' cached copies stop granting (ADR 052). */
export async function setPromotionStatus(db: Executor, id: bigint, status: string): Promise<void> {
  await db
    .update(promotions)
    .set({ status, version: sql`${promotions.version} + 1` })
    .where(eq(promotions.id, id));
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

/** Closes an ACTIVE grant as FORFEITED; undefined when it is not ACTIVE (released or revoked first). */
export async function forfeitActiveGrant(
  db: Executor,
  grantId: bigint,
  reason: string,
  at: Date,
): Promise<GrantRow | undefined> {
  const [row] = await db
    .update(bonusGrants)
    .set({ status: 'FORFEITED', closedReason: reason, closedAt: at })
    .where(and(eq(bonusGrants.id, grantId), eq(bonusGrants.status, 'ACTIVE')))
    .returning();
  return row;
}

export async function findGrant(db: Executor, grantId: bigint): Promise<GrantRow | undefined> {
  const [row] = await db.select().from(bonusGrants).where(eq(bonusGrants.id, grantId));
  return row;
}

/** A revoked bonus goes back into its promotion's budget. */
export async function returnToBudget(db: Executor, promotionId: bigint, amountMinor: bigint): Promise<void> {
  await db
    .update(promotions)
    .set({ spentMinor: sql`${promotions.spentMinor} - ${amountMinor}` })
    .where(eq(promotions.id, promotionId));
}

/** A new promotion; undefined when its code is taken. */
export async function insertPromotion(
  db: Executor,
  promotion: NewPromotion,
): Promise<PromotionRow | undefined> {
  const [row] = await db.insert(promotions).values(promotion).onConflictDoNothing().returning();
  return row;
}

export type PromotionChange = Omit<
  NewPromotion,
  'id' | 'code' | 'status' | 'spentMinor' | 'version' | 'createdAt'
>;

/** An operator's edit: every field a grant depends on, and a new version (ADR 052). */
export async function updatePromotion(
  db: Executor,
  id: bigint,
  change: PromotionChange,
): Promise<PromotionRow> {
  const [row] = await db
    .update(promotions)
    .set({ ...change, version: sql`${promotions.version} + 1` })
    .where(eq(promotions.id, id))
    .returning();
  if (!row) throw new Error(`promotion ${id} vanished under its lock`);
  return row;
}

/** Promotions a member may see: not ended, active or paused, or starting later; oldest first. */
export function visibleAt(db: Executor, at: Date): Promise<PromotionRow[]> {
  return db
    .select()
    .from(promotions)
    .where(
      and(
        inArray(promotions.status, ['ACTIVE', 'PAUSED']),
        or(isNull(promotions.endsAt), gt(promotions.endsAt, at)),
      ),
    )
    .orderBy(promotions.id);
}

/** How many grants of each promotion the member has. */
export async function grantCountsOf(db: Executor, memberId: bigint): Promise<Map<bigint, number>> {
  const rows = await db
    .select({ promotionId: bonusGrants.promotionId, grants: sql<number>`count(*)::int` })
    .from(bonusGrants)
    .where(eq(bonusGrants.memberId, memberId))
    .groupBy(bonusGrants.promotionId);
  return new Map(rows.map((row) => [row.promotionId, Number(row.grants)]));
}

/**
 * Where bonus-funded money returning to a member goes now (ADR 059): BONUS while a grant is
 * active; else the fate of the grant that closed last (RELEASED: MAIN, FORFEITED: HOUSE); MAIN
 * for a member who never had one. One read over the member's grants index.
 */
export async function bonusFateOf(db: Executor, memberId: bigint): Promise<'BONUS' | 'MAIN' | 'HOUSE'> {
  const [row] = await db
    .select({ status: bonusGrants.status })
    .from(bonusGrants)
    .where(eq(bonusGrants.memberId, memberId))
    .orderBy(
      sql`${bonusGrants.status} = 'ACTIVE' desc`,
      sql`${bonusGrants.closedAt} desc nulls last`,
      desc(bonusGrants.id),
    )
    .limit(1);
  if (row?.status === 'ACTIVE') return 'BONUS';
  return row?.status === 'FORFEITED' ? 'HOUSE' : 'MAIN';
}

/**
 * Active grants whose terms' expiry (`expiresInDays` after the grant) is at or before `at`, in id
 * order after `afterId`, for the expiry job's batches. Reads the active grants' partial index.
 */
export function expiredActiveGrantsAfter(
  db: Executor,
  afterId: bigint,
  at: Date,
  limit: number,
): Promise<GrantRow[]> {
  return db
    .select()
    .from(bonusGrants)
    .where(
      and(
        eq(bonusGrants.status, 'ACTIVE'),
        gt(bonusGrants.id, afterId),
        sql`${bonusGrants.terms} ? 'expiresInDays'`,
        sql`${bonusGrants.grantedAt} + (${bonusGrants.terms}->>'expiresInDays')::int * interval '1 day' <= ${at.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(bonusGrants.id)
    .limit(limit);
}

/** The promotions whose grants count as new-player bonuses (ADR 066), as a SQL condition over promotions. */
const newPlayerPromotion = sql`(${promotions.type} = 'NEW_PLAYER' or ${promotions.trigger} = 'FIRST_DEPOSIT')`;

/** Which of the members ever got a new-player bonus (whatever became of it). */
export async function hadNewPlayerBonus(db: Executor, memberIds: bigint[]): Promise<Set<bigint>> {
  if (memberIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ memberId: bonusGrants.memberId })
    .from(bonusGrants)
    .innerJoin(promotions, eq(promotions.id, bonusGrants.promotionId))
    .where(and(inArray(bonusGrants.memberId, memberIds), newPlayerPromotion));
  return new Set(rows.map((row) => row.memberId));
}

/** One grant with its promotion's texts (the member's cancel answers it as bonus details show it). */
export async function grantWithTexts(
  db: Executor,
  grantId: bigint,
): Promise<{ grant: GrantRow; texts: PromotionTexts } | undefined> {
  const [row] = await db
    .select({ grant: bonusGrants, texts: promotions.texts })
    .from(bonusGrants)
    .innerJoin(promotions, eq(promotions.id, bonusGrants.promotionId))
    .where(eq(bonusGrants.id, grantId));
  return row;
}

/** How many grants of the promotion went to the address (a refused claim says why, ADR 073). */
export async function grantsAtAddress(db: Executor, promotionId: bigint, address: string): Promise<number> {
  const [row] = await db
    .select({ grants: sql<number>`count(*)::int` })
    .from(bonusGrants)
    .where(and(eq(bonusGrants.promotionId, promotionId), eq(bonusGrants.address, address)));
  return Number(row?.grants ?? 0);
}

/** How many grants of the promotion went to the device (a refused claim says why, ADR 077). */
export async function grantsOnDevice(db: Executor, promotionId: bigint, device: string): Promise<number> {
  const [row] = await db
    .select({ grants: sql<number>`count(*)::int` })
    .from(bonusGrants)
    .where(and(eq(bonusGrants.promotionId, promotionId), eq(bonusGrants.device, device)));
  return Number(row?.grants ?? 0);
}
