import { sql } from 'drizzle-orm';
import type { Database } from '../../../platform/db/database.ts';
import { createMember } from '../../../test/identity-fixtures.ts';

/**
 * Rounds a member settled in one site hour, written as the member rollup the bet-record trigger
 * would have written (ADR 030): its trigger queues the team delta, so team reads see it at once.
 * Settlement tests pick past hours this way, without waiting for a clock.
 */
export async function playedInHour(
  db: Database,
  memberId: bigint,
  hourStart: Date,
  round: { stakeMinor: bigint; validBetMinor?: bigint; payoutMinor: bigint },
): Promise<void> {
  await db.execute(sql`
    insert into member_round_rollups (member_id, hour_start, category, vendor_code, bet_count, stake_minor, valid_bet_minor, payout_minor)
    values (${String(memberId)}::bigint, ${hourStart.toISOString()}::timestamptz, 'RNG', 'TEST', 1,
            ${String(round.stakeMinor)}::bigint, ${String(round.validBetMinor ?? round.stakeMinor)}::bigint,
            ${String(round.payoutMinor)}::bigint)
    on conflict (member_id, hour_start, category, vendor_code) do update set
      bet_count = member_round_rollups.bet_count + 1,
      stake_minor = member_round_rollups.stake_minor + excluded.stake_minor,
      valid_bet_minor = member_round_rollups.valid_bet_minor + excluded.valid_bet_minor,
      payout_minor = member_round_rollups.payout_minor + excluded.payout_minor`);
}

/** A top-level agent with two agents below it, each with a player, and a player of its own. */
export async function agentLine(db: Database) {
  const top = await createMember(db, { type: 1 });
  const left = await createMember(db, { type: 2, uplineId: top.id });
  const right = await createMember(db, { type: 2, uplineId: top.id });
  const players = {
    ofTop: (await createMember(db, { type: 0, uplineId: top.id })).id,
    ofLeft: (await createMember(db, { type: 0, uplineId: left.id })).id,
    ofRight: (await createMember(db, { type: 0, uplineId: right.id })).id,
  };
  return { top: top.id, left: left.id, right: right.id, players };
}
