import type { Executor } from '../../platform/db/database.ts';
import * as store from './rollups.store.ts';

export type { MemberRoundRollup } from './rollups.store.ts';

const keyOf = (row: store.MemberRoundRollup) =>
  `${row.memberId}|${row.hourStart.toISOString()}|${row.category}|${row.vendorCode}`;
const figuresOf = (row: store.MemberRoundRollup | undefined) =>
  row ? `${row.betCount}/${row.stakeMinor}/${row.validBetMinor}/${row.payoutMinor}` : 'none';

/**
 * The member rollups against a recomputation from the raw records (ADR 030): every hour, category
 * and vendor of every member must agree to the cent. Answers the rows that differ (at most 20).
 */
export async function checkMemberRoundRollups(
  db: Executor,
): Promise<{ ok: boolean; rows: number; differences: string[] }> {
  const [kept, recomputed] = await Promise.all([
    store.listMemberRoundRollups(db),
    store.recomputeMemberRoundRollups(db),
  ]);
  const keptByKey = new Map(kept.map((row) => [keyOf(row), row]));
  const recomputedByKey = new Map(recomputed.map((row) => [keyOf(row), row]));
  const differences: string[] = [];
  for (const key of new Set([...keptByKey.keys(), ...recomputedByKey.keys()])) {
    const keptFigures = figuresOf(keptByKey.get(key));
    const recomputedFigures = figuresOf(recomputedByKey.get(key));
    if (keptFigures !== recomputedFigures && differences.length < 20)
      differences.push(
        `${key}: kept ${keptFigures}, recomputed ${recomputedFigures} (count/stake/valid/payout)`,
      );
  }
  return { ok: differences.length === 0, rows: recomputed.length, differences };
}

/** Recomputes the member rollups from the raw records; answers how many rows were written. */
export function rebuildMemberRoundRollups(db: Executor): Promise<number> {
  return store.replaceMemberRoundRollups(db);
}
