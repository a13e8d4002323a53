import { and, asc, count, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import { rebateDays, rebatePayouts, rebateRates } from './rebates.schema.ts';

export type RebateRateRow = typeof rebateRates.$inferSelect;
export type RebatePayoutRow = typeof rebatePayouts.$inferSelect;

export function listRates(db: Executor, level?: string): Promise<RebateRateRow[]> {
  return db
    .select()
    .from(rebateRates)
    .where(level === undefined ? undefined : eq(rebateRates.level, level))
    .orderBy(asc(rebateRates.level), asc(rebateRates.category));
}

/** Sets a rate, answering the one it replaced (undefined when the category had none). */
export async function upsertRate(
  tx: Executor,
  rate: { level: string; category: string; rateBp: number; updatedBy: string },
): Promise<{ row: RebateRateRow; previousBp: number | undefined }> {
  const [previous] = await tx
    .select({ rateBp: rebateRates.rateBp })
    .from(rebateRates)
    .where(and(eq(rebateRates.level, rate.level), eq(rebateRates.category, rate.category)))
    .for('update');
  const [row] = await tx
    .insert(rebateRates)
    .values({ ...rate, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: [rebateRates.level, rebateRates.category],
      set: { rateBp: rate.rateBp, updatedBy: rate.updatedBy, updatedAt: new Date() },
    })
    .returning();
  if (!row) throw new Error('rebate rate upsert answered no row');
  return { row, previousBp: previous?.rateBp };
}

export async function insertSettledDay(
  tx: Executor,
  day: { dayStart: Date; periodKey: string; membersPaid: number; paidMinor: bigint },
): Promise<void> {
  await tx.insert(rebateDays).values(day);
}

export async function isDaySettled(db: Executor, dayStart: Date): Promise<boolean> {
  const [row] = await db
    .select({ dayStart: rebateDays.dayStart })
    .from(rebateDays)
    .where(eq(rebateDays.dayStart, dayStart));
  return row !== undefined;
}

export async function listPayouts(
  db: Executor,
  filter: { dayStart: Date; memberId?: bigint; limit: number; offset: number },
): Promise<{ rows: RebatePayoutRow[]; total: number }> {
  const where = and(
    eq(rebatePayouts.dayStart, filter.dayStart),
    filter.memberId === undefined ? undefined : eq(rebatePayouts.memberId, filter.memberId),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(rebatePayouts)
      .where(where)
      .orderBy(asc(rebatePayouts.memberId), asc(rebatePayouts.category))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: count() }).from(rebatePayouts).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}
