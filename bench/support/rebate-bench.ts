import type { sql } from 'drizzle-orm';
import type { Executor } from '../../apps/server/src/platform/db/database.ts';

/** Basis points per category for the rebate benches: the range operators run (0.3% to 1%). */
export const REBATE_BENCH_RATES: Record<string, number> = {
  RNG: 80,
  LIVE: 60,
  FISH: 100,
  PVP: 70,
  SPORTS: 50,
  ESPORTS: 50,
  COCKFIGHT: 50,
  LOTT: 30,
};

/** Thrown at the end of a bench's transaction so the shared network is left as it was. */
export class RolledBack extends Error {}

export const rowsOf = async <T>(tx: Executor, query: ReturnType<typeof sql>) =>
  ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
