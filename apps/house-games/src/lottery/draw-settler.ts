import { VENDOR_CREDIT_BATCH_MAX, type VendorBatchResult } from '@fortuna/contracts/vendor-protocol';
import type { PlatformClient } from '../platform/platform-client.ts';
import { forEachAtMost } from './at-most.ts';
import { inLotteryTransaction, type Queryable } from './draw-store.ts';
import type { HouseDrawNumbers } from './house-draws.ts';
import { keysetPass, PASS_BUDGET_MS } from './keyset-pass.ts';
import { parsedJson, payoutOfStoredTicket, type StoredTicket } from './settle-bet.ts';
import { slipRollback, slipTransactionIds } from './slip-desk.ts';
import { recordRefusal, slipIsDue } from './slip-refusals.ts';
import { endSlip } from './ticket-store.ts';

/** A slip still PENDING this long after it was placed lost its placing node: its debit is rolled back. */
export const STRANDED_PENDING_MS = 2 * 60_000;
const BATCH = 500;
/**
 * Batch calls in flight at once (ADR 055): the platform applies a vendor's batches one after the
 * other (each holds the vendor's account), so a second in flight only overlaps one batch's HTTP
 * and signing with the other's database work.
 */
const CALLS_AT_ONCE = 2;

/**
 * A settling slip's due: its prizes (the slip's `payout_minor`, what corrections compare against)
 * and its tickets' rebates. ONE credit pays both (ADR 072), so the rebate is paid exactly when
 * and as often as the settlement is.
 */
interface SlipOwed {
  prizeMinor: number;
  rebateMinor: number;
}
const creditOf = (owed: SlipOwed | undefined) => (owed ? owed.prizeMinor + owed.rebateMinor : 0);

interface SettlingSlip {
  slip_id: string;
  player_id: string;
  game_code: string;
  numbers: unknown;
  closes_at: Date | string;
}

/**
 * Settles the slips of drawn draws (ADR 040): each PLACED slip's payout is the sum of its
 * tickets' (`settleBet`: a pure function of the ticket's snapshotted odds and the numbers), plus
 * its tickets' snapshotted rebates (ADR 072), sent as ONE credit under the slip's own transaction
 * id (`<slipId>:c`; "0" for a losing slip without rebate, so its round closes), many slips' credits in one batch call (ADR 055). Exactly once without any lock
 * held across the call: the amount never changes, the platform applies a transaction id once
 * (in a batch as alone) and answers a repeat with its first answer, and a slip is marked SETTLED
 * only on its answer. So a replay, two runners at once, or a node killed between the call and
 * the marks all send the same credits again and nothing is paid twice.
 */
export function createDrawSettler(deps: {
  db: Queryable;
  client: PlatformClient;
  now?: () => number;
  log?: { warn: (details: object, message: string) => void };
  /** How long a pass may go on before it gives the calendar its turn (PASS_BUDGET_MS). */
  passBudgetMs?: number;
  /** Slips read and priced together (BATCH). */
  batchSize?: number;
  /** Credits in one batch call (the protocol's most). */
  creditsPerCall?: number;
}) {
  const batchSize = deps.batchSize ?? BATCH;
  const creditsPerCall = deps.creditsPerCall ?? VENDOR_CREDIT_BATCH_MAX;
  const now = deps.now ?? Date.now;
  const passBudgetMs = deps.passBudgetMs ?? PASS_BUDGET_MS;

  /**
   * What every slip of the batch is owed, from its tickets read in one query: the prizes (each
   * ticket's written in one statement) and the prize mode's rebates snapshotted when placed
   * (ADR 072). Neither ever changes, so writing the prizes before the credit (and again on a
   * replay) is safe, and a replayed credit always carries the same amount.
   */
  async function owedTo(slips: readonly SettlingSlip[]): Promise<Map<string, SlipOwed>> {
    const numbersOf = new Map(
      slips.map((slip) => [slip.slip_id, parsedJson<HouseDrawNumbers>(slip.numbers)]),
    );
    const { rows } = await deps.db.query<
      StoredTicket & { ticket_id: string; slip_id: string; rebate_minor: string | number }
    >(
      'select ticket_id, slip_id, bet_type, selection, stake_minor, odds, rebate_minor from lottery_tickets where slip_id = any($1)',
      [[...numbersOf.keys()]],
    );
    const owed = new Map<string, SlipOwed>(
      [...numbersOf.keys()].map((id) => [id, { prizeMinor: 0, rebateMinor: 0 }]),
    );
    const ticketPayouts: number[] = [];
    for (const row of rows) {
      const payoutMinor = payoutOfStoredTicket(row, numbersOf.get(row.slip_id) as HouseDrawNumbers);
      ticketPayouts.push(payoutMinor);
      const slip = owed.get(row.slip_id) as SlipOwed;
      slip.prizeMinor += payoutMinor;
      slip.rebateMinor += Number(row.rebate_minor);
    }
    await deps.db.query(
      `update lottery_tickets t set payout_minor = v.payout_minor
         from unnest($1::text[], $2::bigint[]) as v (ticket_id, payout_minor) where t.ticket_id = v.ticket_id`,
      [rows.map((row) => row.ticket_id), ticketPayouts],
    );
    return owed;
  }

  /**
   * One batch call crediting `slips`; marks SETTLED, in one statement, the slips whose credit was
   * answered OK (applied now or before), and VOID those an operator refunded. Returns how many it marked.
   */
  async function settleSlips(slips: readonly SettlingSlip[], owed: Map<string, SlipOwed>): Promise<number> {
    const outcome = await deps.client.call('credits', {
      credits: slips.map((slip) => ({
        playerId: slip.player_id,
        roundId: slip.slip_id,
        gameCode: slip.game_code,
        transactionId: slipTransactionIds(slip.slip_id).credit,
        amountMinor: String(creditOf(owed.get(slip.slip_id))),
      })),
    });
    // Unknown: left PLACED, and the next pass sends the same credits again.
    if (outcome.kind === 'unknown') return 0;
    const results = (outcome.value as { results?: VendorBatchResult[] }).results;
    if (outcome.code !== 'OK' || !Array.isArray(results) || results.length !== slips.length) {
      const code = outcome.code === 'OK' ? 'MALFORMED_BATCH_ANSWER' : outcome.code;
      deps.log?.warn({ code, slips: slips.length }, 'settlement batch refused; sent again after a wait');
      await recordRefusal(
        deps.db,
        slips.map((slip) => slip.slip_id),
        code,
        now(),
      );
      return 0;
    }
    const settled: string[] = [];
    const refused = new Map<string, string[]>();
    for (const [index, result] of results.entries()) {
      const slip = slips[index] as SettlingSlip;
      if (result.ok) settled.push(slip.slip_id);
      else if (result.code === 'ROUND_CANCELLED') {
        // An operator refunded the round as abandoned (ADR 015/044): the stake is back, nothing is owed.
        await inLotteryTransaction(deps.db, (tx) => endSlip(tx, slip.slip_id, 'VOID', ['PLACED']));
        deps.log?.warn(
          { slipId: slip.slip_id, creditMinor: creditOf(owed.get(slip.slip_id)) },
          'slip refunded by an operator before settlement',
        );
      } else if (result.code === 'INTERNAL') {
        // The platform failed on this entry alone: sent again at the next pass.
      } else {
        deps.log?.warn(
          { slipId: slip.slip_id, code: result.code },
          'settlement credit refused; sent again after a wait',
        );
        refused.set(result.code, [...(refused.get(result.code) ?? []), slip.slip_id]);
      }
    }
    for (const [code, slipIds] of refused) await recordRefusal(deps.db, slipIds, code, now());
    const { rows } = await deps.db.query(
      `update lottery_slips s set status = 'SETTLED', payout_minor = v.payout_minor, settled_at = $3
         from unnest($1::text[], $2::bigint[]) as v (slip_id, payout_minor)
        where s.slip_id = v.slip_id and s.status = 'PLACED' returning s.slip_id`,
      [settled, settled.map((slipId) => owed.get(slipId)?.prizeMinor ?? 0), new Date(now())],
    );
    return rows.length;
  }

  interface StrandedSlip {
    slip_id: string;
    player_id: string;
    game_code: string;
  }

  /**
   * Rolls back the debits of slips whose placing node died before it knew the debit's outcome. A
   * rollback left unanswered is passed over (keyset pages) and sent again at the next pass; a
   * refused one waits REFUSED_RETRY_MS.
   */
  async function rollBackStranded(): Promise<void> {
    const cutoff = new Date(now() - STRANDED_PENDING_MS);
    await keysetPass<StrandedSlip>({
      pageSize: batchSize,
      budgetMs: passBudgetMs,
      readAfter: async (last) =>
        (
          await deps.db.query<StrandedSlip>(
            `select s.slip_id, s.player_id, s.game_code from lottery_slips s
              where s.status = 'PENDING' and s.placed_at < $1 and ${slipIsDue('$4')}
                and ($2::text is null or s.slip_id > $2)
              order by s.slip_id limit $3`,
            [cutoff, last?.slip_id ?? null, batchSize, new Date(now())],
          )
        ).rows,
      visit: async (slips) => {
        for (const slip of slips) {
          const rollback = await deps.client.call(
            'rollback',
            slipRollback({ slipId: slip.slip_id, playerId: slip.player_id, gameCode: slip.game_code }),
          );
          if (rollback.kind === 'unknown') continue;
          if (rollback.code === 'OK')
            await inLotteryTransaction(deps.db, (tx) => endSlip(tx, slip.slip_id, 'VOID', ['PENDING']));
          else await recordRefusal(deps.db, [slip.slip_id], rollback.code, now());
        }
      },
    });
  }

  /** The next batch of PLACED slips of drawn draws after `last` (keyset order: draw close, slip id). */
  async function nextBatch(last: SettlingSlip | null): Promise<SettlingSlip[]> {
    const { rows } = await deps.db.query<SettlingSlip>(
      `select s.slip_id, s.player_id, s.game_code, d.numbers, d.closes_at
         from lottery_slips s join lottery_draws d on d.draw_code = s.draw_code
        where s.status = 'PLACED' and d.drawn_at is not null and ${slipIsDue('$4')}
          and ($1::timestamptz is null or (d.closes_at, s.slip_id) > ($1::timestamptz, $2::text))
        order by d.closes_at, s.slip_id limit $3`,
      [last ? new Date(last.closes_at) : null, last?.slip_id ?? null, batchSize, new Date(now())],
    );
    return rows;
  }

  return {
    /**
     * One pass: settles what it can of the drawn draws' slips, batch after batch, each batch's
     * credits in batch calls (CALLS_AT_ONCE at a time), until nothing is left or the pass has run for
     * PASS_BUDGET_MS (so the calendar's next opening and drawing never waits behind a big draw).
     * A slip whose credit was not answered is sent again at the next pass; one whose credit was
     * refused waits REFUSED_RETRY_MS. Returns how many it marked SETTLED.
     */
    async settle(): Promise<number> {
      await rollBackStranded();
      let settled = 0;
      await keysetPass<SettlingSlip>({
        pageSize: batchSize,
        budgetMs: passBudgetMs,
        readAfter: nextBatch,
        visit: async (batch) => {
          const owed = await owedTo(batch);
          const calls: SettlingSlip[][] = [];
          for (let from = 0; from < batch.length; from += creditsPerCall)
            calls.push(batch.slice(from, from + creditsPerCall));
          await forEachAtMost(calls, CALLS_AT_ONCE, async (slips) => {
            settled += await settleSlips(slips, owed);
          });
        },
      });
      return settled;
    },
  };
}
export type DrawSettler = ReturnType<typeof createDrawSettler>;
