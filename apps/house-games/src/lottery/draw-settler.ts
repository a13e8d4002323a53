import type { PlatformClient } from '../platform/platform-client.ts';
import type { BetType } from './bet-types.ts';
import { inLotteryTransaction, type Queryable } from './draw-store.ts';
import type { HouseDrawNumbers } from './house-draws.ts';
import type { Odds } from './odds-tables.ts';
import { settleBet } from './settle-bet.ts';
import { slipTransactionIds } from './slip-desk.ts';
import { endSlip } from './ticket-store.ts';

/** A slip still PENDING this long after it was placed lost its placing node: its debit is rolled back. */
export const STRANDED_PENDING_MS = 2 * 60_000;
const BATCH = 500;

const parsed = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

interface SettlingSlip {
  slip_id: string;
  player_id: string;
  game_code: string;
  numbers: unknown;
}

/**
 * Settles the slips of drawn draws (ADR 040): each PLACED slip's payout is the sum of its
 * tickets' (`settleBet`: a pure function of the ticket's snapshotted odds and the numbers), sent
 * as ONE credit under the slip's own transaction id (`<slipId>:c`; "0" for a losing slip, so its
 * round closes). Exactly once without any lock held across the call: the amount never changes,
 * the platform applies a transaction id once and answers a repeat with its first answer, and the
 * slip is marked SETTLED only on that answer. So a replay, two runners at once, or a node killed
 * between the credit and the mark all send the same credit again and nothing is paid twice.
 */
export function createDrawSettler(deps: {
  db: Queryable;
  client: PlatformClient;
  now?: () => number;
  log?: { warn: (details: object, message: string) => void };
}) {
  const now = deps.now ?? Date.now;

  async function payoutOf(slipId: string, numbers: HouseDrawNumbers): Promise<number> {
    const { rows } = await deps.db.query<{
      ticket_id: string;
      bet_type: string;
      selection: unknown;
      stake_minor: string | number;
      odds: unknown;
    }>('select ticket_id, bet_type, selection, stake_minor, odds from lottery_tickets where slip_id = $1', [
      slipId,
    ]);
    let total = 0;
    for (const row of rows) {
      const { payoutMinor } = settleBet(
        {
          betType: row.bet_type as BetType,
          selection: parsed<number[]>(row.selection),
          stakeMinor: Number(row.stake_minor),
          odds: parsed<Odds>(row.odds),
        },
        numbers,
      );
      await deps.db.query('update lottery_tickets set payout_minor = $2 where ticket_id = $1', [
        row.ticket_id,
        payoutMinor,
      ]);
      total += payoutMinor;
    }
    return total;
  }

  async function settleSlip(slip: SettlingSlip): Promise<boolean> {
    const payoutMinor = await payoutOf(slip.slip_id, parsed<HouseDrawNumbers>(slip.numbers));
    const credit = await deps.client.call('credit', {
      playerId: slip.player_id,
      roundId: slip.slip_id,
      gameCode: slip.game_code,
      transactionId: slipTransactionIds(slip.slip_id).credit,
      amountMinor: String(payoutMinor),
    });
    // Unknown: left PLACED, and the next pass sends the same credit again.
    if (credit.kind === 'unknown') return false;
    if (credit.code === 'ROUND_CANCELLED') {
      // An operator refunded the round as abandoned (ADR 015/044): the stake is back, nothing is owed.
      await inLotteryTransaction(deps.db, (tx) => endSlip(tx, slip.slip_id, 'VOID', ['PLACED']));
      deps.log?.warn({ slipId: slip.slip_id, payoutMinor }, 'slip refunded by an operator before settlement');
      return false;
    }
    if (credit.code !== 'OK') {
      deps.log?.warn(
        { slipId: slip.slip_id, code: credit.code },
        'settlement credit refused; retried next pass',
      );
      return false;
    }
    const { rows } = await deps.db.query(
      `update lottery_slips set status = 'SETTLED', payout_minor = $2, settled_at = $3
        where slip_id = $1 and status = 'PLACED' returning slip_id`,
      [slip.slip_id, payoutMinor, new Date(now())],
    );
    return rows.length === 1;
  }

  /** Rolls back the debits of slips whose placing node died before it knew the debit's outcome. */
  async function rollBackStranded(): Promise<void> {
    const { rows } = await deps.db.query<{ slip_id: string; player_id: string; game_code: string }>(
      `select slip_id, player_id, game_code from lottery_slips
        where status = 'PENDING' and placed_at < $1 order by placed_at limit $2`,
      [new Date(now() - STRANDED_PENDING_MS), BATCH],
    );
    for (const slip of rows) {
      const ids = slipTransactionIds(slip.slip_id);
      const rollback = await deps.client.call('rollback', {
        playerId: slip.player_id,
        roundId: slip.slip_id,
        gameCode: slip.game_code,
        transactionId: ids.rollback,
        refTransactionId: ids.debit,
      });
      if (rollback.kind === 'answered' && rollback.code === 'OK')
        await inLotteryTransaction(deps.db, (tx) => endSlip(tx, slip.slip_id, 'VOID', ['PENDING']));
    }
  }

  return {
    /** One pass: settles what it can of the drawn draws' slips; returns how many it marked SETTLED. */
    async settle(): Promise<number> {
      await rollBackStranded();
      const { rows } = await deps.db.query<SettlingSlip>(
        `select s.slip_id, s.player_id, s.game_code, d.numbers
           from lottery_slips s join lottery_draws d on d.draw_code = s.draw_code
          where s.status = 'PLACED' and d.drawn_at is not null
          order by d.closes_at, s.slip_id limit $1`,
        [BATCH],
      );
      let settled = 0;
      for (const slip of rows) if (await settleSlip(slip)) settled += 1;
      return settled;
    },
  };
}
export type DrawSettler = ReturnType<typeof createDrawSettler>;
