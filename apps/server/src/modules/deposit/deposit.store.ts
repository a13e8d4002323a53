import { DEPOSIT_ORDINAL_MAX } from '@fortuna/contracts/promotion-setup';
import { and, count, desc, eq, inArray, isNotNull, isNull, like, lte, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import { members } from '../identity/identity.schema.ts';
import { depositChannels, depositOrders } from './deposit.schema.ts';

export type ChannelRow = typeof depositChannels.$inferSelect;
export type OrderRow = typeof depositOrders.$inferSelect;
export type NewOrder = typeof depositOrders.$inferInsert;

export function enabledChannels(db: Executor): Promise<ChannelRow[]> {
  return db
    .select()
    .from(depositChannels)
    .where(eq(depositChannels.enabled, true))
    .orderBy(depositChannels.sort, depositChannels.code);
}

export async function findChannel(db: Executor, code: string): Promise<ChannelRow | undefined> {
  const [row] = await db.select().from(depositChannels).where(eq(depositChannels.code, code));
  return row;
}

export async function findOrder(db: Executor, orderNo: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(depositOrders).where(eq(depositOrders.orderNo, orderNo));
  return row;
}

/** The member's order whose number ends in `suffix` (the part derived from the request id). */
export async function findOrderBySuffix(
  db: Executor,
  memberId: bigint,
  suffix: string,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(depositOrders)
    .where(and(eq(depositOrders.memberId, memberId), like(depositOrders.orderNo, `%-${suffix}`)));
  return row;
}

/**
 * Holds the member's row until the transaction ends: one order creation per member at a time.
 * NO KEY UPDATE lets foreign-key checks on the member through (withdrawal.store.ts lockMember says why).
 */
export async function lockMember(db: Executor, memberId: bigint): Promise<void> {
  await db.select({ id: members.id }).from(members).where(eq(members.id, memberId)).for('no key update');
}

export async function countPending(db: Executor, memberId: bigint): Promise<number> {
  const [row] = await db
    .select({ pending: count() })
    .from(depositOrders)
    .where(and(eq(depositOrders.memberId, memberId), eq(depositOrders.status, 'PENDING')));
  return row?.pending ?? 0;
}

export async function insertOrderIfNew(db: Executor, order: NewOrder): Promise<OrderRow | undefined> {
  const [row] = await db.insert(depositOrders).values(order).onConflictDoNothing().returning();
  return row;
}

/** Records where the gateway's pay page is, once. */
export async function setExternalReferenceIfMissing(
  db: Executor,
  orderNo: string,
  reference: string,
): Promise<void> {
  await db
    .update(depositOrders)
    .set({ externalReference: reference })
    .where(and(eq(depositOrders.orderNo, orderNo), sql`${depositOrders.externalReference} is null`));
}

/**
 * Moves an order from one of the `from` statuses (PENDING unless told) to its final status, or
 * does nothing and answers undefined when it was in none of them any more: of two concurrent
 * deliveries only one gets the row back.
 */
export async function settlePending(
  db: Executor,
  orderNo: string,
  change: { status: string; reviewedBy?: bigint | null; reviewNote?: string | null },
  from: string[] = ['PENDING'],
): Promise<OrderRow | undefined> {
  const [row] = await db
    .update(depositOrders)
    .set({ ...change, settledAt: sql`now()` })
    .where(and(eq(depositOrders.orderNo, orderNo), inArray(depositOrders.status, from)))
    .returning();
  return row;
}

/**
 * Moves PENDING orders created more than their channel's lifetime before `now` to EXPIRED, at
 * most `limit` of them, in one conditional statement: several nodes running it at once expire
 * each order once, and an order paid meanwhile is no longer PENDING and is left alone.
 */
export async function expireStale(
  db: Executor,
  now: Date,
  lifetimeSql: SQL,
  limit: number,
): Promise<string[]> {
  const stale = db
    .select({ id: depositOrders.id })
    .from(depositOrders)
    .innerJoin(depositChannels, eq(depositChannels.code, depositOrders.channelCode))
    .where(
      and(
        eq(depositOrders.status, 'PENDING'),
        lte(
          depositOrders.createdAt,
          sql`${now.toISOString()}::timestamptz - ${lifetimeSql} * interval '1 minute'`,
        ),
      ),
    )
    .orderBy(depositOrders.createdAt)
    .limit(limit);
  const rows = await db
    .update(depositOrders)
    .set({ status: 'EXPIRED', expiredAt: now, settledAt: now })
    .where(and(inArray(depositOrders.id, stale), eq(depositOrders.status, 'PENDING')))
    .returning({ orderNo: depositOrders.orderNo });
  return rows.map((row) => row.orderNo);
}

/**
 * Records the order's posting and its place among the member's credited deposits (ADR 078), in
 * one statement after the posting: the posting locked the member's wallet, so every other credit
 * of the member has either committed (and is counted) or waits for this one (and will count it).
 * Counted only up to a little past the highest Nth-deposit ordinal, as no promotion counts further.
 */
export async function setLedgerTransaction(
  db: Executor,
  orderNo: string,
  transactionId: bigint,
): Promise<void> {
  await db
    .update(depositOrders)
    .set({
      ledgerTransactionId: transactionId,
      // Spelled out, as in settlePending: the subquery's table must not read as the updated one.
      creditedOrdinal: sql`1 + (select count(*)::int from (select 1 from deposit_orders earlier
        where earlier.member_id = deposit_orders.member_id and earlier.ledger_transaction_id is not null
          and earlier.order_no <> deposit_orders.order_no limit ${DEPOSIT_ORDINAL_MAX + 1}) credited)`,
    })
    .where(eq(depositOrders.orderNo, orderNo));
}

/** A credited order as its promotions are evaluated (ADR 078). */
export interface CreditedOrder {
  memberId: bigint;
  orderNo: string;
  amountMinor: bigint;
  creditedOrdinal: number;
  creditedAt: Date;
}

/**
 * Marks a credited order's promotions evaluated, only if nobody has (ADR 078): of two
 * transactions racing, the second waits for the first and then finds the mark; if the first
 * rolls back (a crash), the mark goes with it and the second goes on. Undefined: not credited,
 * or evaluated already.
 */
export async function markPromotionsEvaluated(
  db: Executor,
  orderNo: string,
): Promise<CreditedOrder | undefined> {
  const [row] = await db
    .update(depositOrders)
    .set({ promotionsEvaluatedAt: sql`now()` })
    .where(
      and(
        eq(depositOrders.orderNo, orderNo),
        isNull(depositOrders.promotionsEvaluatedAt),
        isNotNull(depositOrders.ledgerTransactionId),
      ),
    )
    .returning({
      memberId: depositOrders.memberId,
      orderNo: depositOrders.orderNo,
      amountMinor: depositOrders.amountMinor,
      creditedOrdinal: depositOrders.creditedOrdinal,
      settledAt: depositOrders.settledAt,
    });
  if (!row) return undefined;
  return {
    memberId: row.memberId,
    orderNo: row.orderNo,
    amountMinor: row.amountMinor,
    // Credited before ADR 078 (no ordinal) yet unmarked cannot happen: the migration marked them.
    creditedOrdinal: row.creditedOrdinal ?? DEPOSIT_ORDINAL_MAX + 2,
    creditedAt: row.settledAt ?? new Date(),
  };
}

/**
 * Credited orders whose promotions nobody evaluated, credited at or before `before`, oldest
 * first: what a crash between a credit's commit and its evaluation left (the partial index
 * deposit_orders_unevaluated_idx holds only these).
 */
export async function unevaluatedCredits(db: Executor, before: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ orderNo: depositOrders.orderNo })
    .from(depositOrders)
    .where(
      and(
        isNull(depositOrders.promotionsEvaluatedAt),
        isNotNull(depositOrders.ledgerTransactionId),
        lte(depositOrders.settledAt, before),
      ),
    )
    .orderBy(depositOrders.settledAt)
    .limit(limit);
  return rows.map((row) => row.orderNo);
}

export interface OrderPage {
  rows: (OrderRow & { username: string; channelKind: string })[];
  total: number;
}

/** Newest first; a member's own (memberId given) or everyone's (operators). */
export async function pageOfOrders(
  db: Executor,
  filter: { memberId?: bigint; status?: string },
  page: number,
  pageSize: number,
): Promise<OrderPage> {
  const where = and(
    filter.memberId === undefined ? undefined : eq(depositOrders.memberId, filter.memberId),
    filter.status === undefined ? undefined : eq(depositOrders.status, filter.status),
  );
  const rows = await db
    .select({ order: depositOrders, username: members.username, channelKind: depositChannels.kind })
    .from(depositOrders)
    .innerJoin(members, eq(members.id, depositOrders.memberId))
    .innerJoin(depositChannels, eq(depositChannels.code, depositOrders.channelCode))
    .where(where)
    .orderBy(desc(depositOrders.createdAt), desc(depositOrders.orderNo))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [total] = await db.select({ total: count() }).from(depositOrders).where(where);
  return {
    rows: rows.map((row) => ({ ...row.order, username: row.username, channelKind: row.channelKind })),
    total: total?.total ?? 0,
  };
}
