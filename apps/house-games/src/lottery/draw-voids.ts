import type { PlatformClient } from '../platform/platform-client.ts';
import { forEachAtMost } from './at-most.ts';
import { drawNotFound } from './draw-corrections.ts';
import { inLotteryTransaction, type Queryable } from './draw-store.ts';
import { keysetPass, PASS_BUDGET_MS } from './keyset-pass.ts';
import { slipRollback } from './slip-desk.ts';
import { recordRefusal, slipIsDue } from './slip-refusals.ts';
import { endSlip, LIVE_STATUSES } from './ticket-store.ts';

// Voids of draws (issue 17, ADR 076): the tables and why, void-tables.ts.

/** What a void answers, the first time and every time after: the void as it was recorded. */
export interface DrawVoid {
  drawCode: string;
  operator: string;
  reason: string;
  voidedAt: string;
  /** The live slips the draw held when it was voided, and their stakes: what is refunded. */
  slips: number;
  stakeMinor: number;
}

export type VoidAnswer =
  | { ok: true; value: DrawVoid }
  | { ok: false; status: 404 | 409; code: string; message: string; field?: string };

interface VoidRow {
  draw_code: string;
  operator: string;
  reason: string;
  voided_at: Date | string;
  slips: number;
  stake_minor: string | number;
}

const voidOf = (row: VoidRow): DrawVoid => ({
  drawCode: row.draw_code,
  operator: row.operator,
  reason: row.reason,
  voidedAt: new Date(row.voided_at).toISOString(),
  slips: Number(row.slips),
  stakeMinor: Number(row.stake_minor),
});

/**
 * Records an operator's void of a draw not drawn yet. The draw's row is locked for update, so
 * placements and cancels in progress (which hold it for share) finish first and none comes after;
 * drawing, which locks it too, finds it void. A draw voided already answers its first void again
 * (idempotent: nothing is recorded twice); a drawn draw is refused (ADR 076: its result stands and
 * is corrected, never voided). Nothing is sent here: `createVoidRefunder` refunds the slips.
 */
export async function voidDraw(
  db: Queryable,
  input: { drawCode: string; operator: string; reason: string; now: Date },
): Promise<VoidAnswer> {
  return inLotteryTransaction(db, async (tx) => {
    const { rows: draws } = await tx.query<{ drawn: boolean; voided: boolean }>(
      `select drawn_at is not null as drawn, voided_at is not null as voided
         from lottery_draws where draw_code = $1 for update`,
      [input.drawCode],
    );
    const draw = draws[0];
    if (!draw) return drawNotFound(input.drawCode);
    if (draw.voided) {
      const { rows } = await tx.query<VoidRow>('select * from lottery_draw_voids where draw_code = $1', [
        input.drawCode,
      ]);
      return { ok: true, value: voidOf(rows[0] as VoidRow) };
    }
    if (draw.drawn)
      return {
        ok: false,
        status: 409,
        code: 'DRAW_DRAWN',
        message: `${input.drawCode} is drawn: its result stands and is corrected, never voided`,
      };
    const { rows } = await tx.query<VoidRow>(
      `insert into lottery_draw_voids (draw_code, operator, reason, voided_at, slips, stake_minor)
       select $1, $2, $3, $4, count(*), coalesce(sum(stake_minor), 0)
         from lottery_slips where draw_code = $1 and status = any($5)
       returning *`,
      [input.drawCode, input.operator, input.reason, input.now, LIVE_STATUSES],
    );
    await tx.query('update lottery_draws set voided_at = $2 where draw_code = $1', [
      input.drawCode,
      input.now,
    ]);
    return { ok: true, value: voidOf(rows[0] as VoidRow) };
  });
}

const BATCH = 500;
const CALLS_AT_ONCE = 16;

/**
 * Refunds the live slips of void draws (ADR 076): each slip's debit is rolled back under the
 * slip's own rollback id (`<slipId>:r`, the one a member's cancel would have used: a slip is
 * rolled back once whoever asks), and the slip turns VOID only on the platform's OK. Exactly once
 * as settlement is: the id never changes, the platform applies it once and answers a repeat with
 * its first answer (a debit refunded by an operator meanwhile answers OK with nothing moved), so
 * a replay, two nodes, or a node killed between the call and the mark refund nothing twice. A
 * PENDING slip is refunded too: a rollback of a debit still in flight makes that debit refused
 * when it arrives, so its stake is never taken. A slip whose refund was not answered is sent again
 * at the next pass; one whose refund was refused waits REFUSED_RETRY_MS (slip-refusals.ts). Either
 * way it is passed over, never holding up the slips behind it.
 */
export function createVoidRefunder(deps: {
  db: Queryable;
  client: PlatformClient;
  log?: { warn: (details: object, message: string) => void };
  now?: () => number;
  /** Slips read together (BATCH). */
  batchSize?: number;
}) {
  const batchSize = deps.batchSize ?? BATCH;
  const now = deps.now ?? Date.now;
  interface LiveSlip {
    slip_id: string;
    player_id: string;
    game_code: string;
  }

  async function refundOne(slip: LiveSlip): Promise<boolean> {
    const answer = await deps.client.call(
      'rollback',
      slipRollback({ slipId: slip.slip_id, playerId: slip.player_id, gameCode: slip.game_code }),
    );
    // Unknown: left live, and the next pass sends the same rollback again.
    if (answer.kind === 'unknown') return false;
    if (answer.code !== 'OK') {
      deps.log?.warn(
        { slipId: slip.slip_id, code: answer.code },
        'void refund refused by the platform; sent again after a wait',
      );
      await recordRefusal(deps.db, [slip.slip_id], answer.code, now());
      return false;
    }
    return inLotteryTransaction(deps.db, (tx) => endSlip(tx, slip.slip_id, 'VOID', LIVE_STATUSES));
  }

  return {
    /** One pass over the live slips of void draws; returns how many it saw refunded. */
    async refund(): Promise<number> {
      let refunded = 0;
      await keysetPass<LiveSlip>({
        pageSize: batchSize,
        budgetMs: PASS_BUDGET_MS,
        readAfter: async (last) =>
          (
            await deps.db.query<LiveSlip>(
              `select s.slip_id, s.player_id, s.game_code
                 from lottery_slips s join lottery_draws d on d.draw_code = s.draw_code
                where s.status = any($1) and d.voided_at is not null and ${slipIsDue('$4')}
                  and ($2::text is null or s.slip_id > $2)
                order by s.slip_id limit $3`,
              [LIVE_STATUSES, last?.slip_id ?? null, batchSize, new Date(now())],
            )
          ).rows,
        visit: (page) =>
          forEachAtMost(page, CALLS_AT_ONCE, async (slip) => {
            if (await refundOne(slip)) refunded += 1;
          }),
      });
      return refunded;
    },
  };
}
export type VoidRefunder = ReturnType<typeof createVoidRefunder>;
