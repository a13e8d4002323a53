import { LOTTERY_OPERATOR_REASON_MAX } from '@fortuna/contracts/ops-lottery';
import { CORRECTION_REASON_MAX } from '@fortuna/contracts/vendor-protocol';
import type { PlatformClient } from '../platform/platform-client.ts';
import { forEachAtMost } from './at-most.ts';
import { inLotteryTransaction, type Queryable } from './draw-store.ts';
import {
  DIGIT_COUNTS,
  type DigitFamily,
  type HouseDrawFamily,
  type HouseDrawNumbers,
  KENO_DRAWN,
  KENO_POOL,
  RACE_RUNNERS,
} from './house-draws.ts';
import { keysetPass, PASS_BUDGET_MS } from './keyset-pass.ts';
import { type DrawResult, parsedJson, payoutOfStoredTicket, type StoredTicket } from './settle-bet.ts';
import { isVnFamily } from './vn-draws.ts';
import { allVnNumbers } from './vn-results.ts';

// Corrections of a settled draw's result (issue 17, ADR 051): the tables and why, correction-tables.ts.

/** An operator's reason, of a correction or a void: the platform's back office checks the same. */
export const OPERATOR_REASON_MAX = LOTTERY_OPERATOR_REASON_MAX;

const isWholeIn = (low: number, high: number) => (n: unknown) =>
  typeof n === 'number' && Number.isInteger(n) && n >= low && n <= high;

/** The numbers as the family's result, or what is wrong with them (the field is `body.numbers`). */
export function correctedResultOf(
  family: HouseDrawFamily,
  numbers: readonly number[],
): HouseDrawNumbers | string {
  if (family === 'keno') {
    if (numbers.length !== KENO_DRAWN || !numbers.every(isWholeIn(1, KENO_POOL)))
      return `must be ${KENO_DRAWN} numbers 1–${KENO_POOL}`;
    if (new Set(numbers).size !== numbers.length) return 'must not repeat a number';
    return { family, numbers: [...numbers] };
  }
  if (family === 'race') {
    if (numbers.length !== RACE_RUNNERS || !numbers.every(isWholeIn(1, RACE_RUNNERS)))
      return `must be the ${RACE_RUNNERS} runners in finishing order`;
    if (new Set(numbers).size !== numbers.length) return 'must name every runner once';
    return { family, order: [...numbers] };
  }
  const digits = DIGIT_COUNTS[family as DigitFamily];
  if (numbers.length !== digits || !numbers.every(isWholeIn(0, 9))) return `must be ${digits} digits 0–9`;
  return { family: family as DigitFamily, digits: [...numbers] };
}

export type CorrectionAnswer =
  | {
      ok: true;
      value: { drawCode: string; seq: number; slips: number; creditMinor: number; debitMinor: number };
    }
  | { ok: false; status: 400 | 404 | 409; code: string; message: string; field?: string };

/** An operator's call naming a draw the lottery does not have (corrections and voids answer it alike). */
export const drawNotFound = (drawCode: string) => ({
  ok: false as const,
  status: 404 as const,
  code: 'DRAW_NOT_FOUND',
  message: `params.drawCode: no draw ${drawCode}`,
  field: 'params.drawCode',
});

/** The result's numbers in order; compared as such, since jsonb gives keys back in its own order. */
const numbersOf = (result: DrawResult): readonly (number | string)[] =>
  result.family === 'vn'
    ? allVnNumbers(result)
    : result.family === 'keno'
      ? result.numbers
      : result.family === 'race'
        ? result.order
        : result.digits;
const sameResult = (a: DrawResult, b: DrawResult) =>
  a.family === b.family && numbersOf(a).join(',') === numbersOf(b).join(',');

/**
 * What a correction is, whoever makes it: the corrected result as the draw's family needs it (or
 * what is wrong with it, the field being `field`), who corrects (an operator's name, or the two
 * operators of a regional correction) and why.
 */
export interface CorrectionInput {
  drawCode: string;
  resultFor: (family: string) => DrawResult | string;
  field: string;
  operator: string;
  reason: string;
  now: Date;
}

/**
 * Records an operator's correction of a settled draw's result and, in the same transaction, the
 * slip corrections it makes owed: for each SETTLED slip, its payout on the corrected result
 * (settleBet: the tickets' snapshotted odds) minus what it was paid (its settlement and every
 * APPLIED correction). The draw's row is locked, so two corrections of one draw queue; the second
 * is refused (409) while the first still has slip corrections PENDING at the wallet. Nothing is sent here: `createCorrectionSender` sends what is owed.
 */
export async function correctDraw(
  db: Queryable,
  input: { drawCode: string; numbers: readonly number[]; operator: string; reason: string; now: Date },
): Promise<CorrectionAnswer> {
  return inLotteryTransaction(db, (tx) =>
    correctDrawIn(tx, {
      ...input,
      field: 'body.numbers',
      // A regional result is an external fact: two operators correct it (vn-result-entries.ts).
      resultFor: (family) =>
        isVnFamily(family)
          ? 'a regional draw’s result is corrected by one operator’s entry and another’s confirmation'
          : correctedResultOf(family as HouseDrawFamily, input.numbers),
    }),
  );
}

/** correctDraw inside the caller's transaction: the regional confirmation commits with it. */
export async function correctDrawIn(tx: Queryable, input: CorrectionInput): Promise<CorrectionAnswer> {
  const { rows: draws } = await tx.query<{
    family: string;
    numbers: unknown;
    live: boolean;
    correcting: boolean;
  }>(
    `select family, numbers, exists (select 1 from lottery_slips s where s.draw_code = d.draw_code
               and s.status in ('PENDING', 'PLACED')) as live,
            exists (select 1 from lottery_slip_corrections c where c.draw_code = d.draw_code
               and c.status = 'PENDING') as correcting
       from lottery_draws d where draw_code = $1 for update`,
    [input.drawCode],
  );
  const draw = draws[0];
  if (!draw) return drawNotFound(input.drawCode);
  if (draw.numbers === null || draw.live)
    return {
      ok: false,
      status: 409,
      code: 'DRAW_NOT_SETTLED',
      message: `${input.drawCode} is not settled yet: only a settled result is corrected`,
    };
  // A correction's differences are counted against what each member has been paid, and while an
  // earlier correction is unanswered nobody knows that: counting it would be wrong if the wallet
  // then refuses it, not counting it would be wrong if it is applied. So the next correction of
  // the draw waits until every earlier one is APPLIED or REFUSED (its sender retries until then).
  if (draw.correcting)
    return {
      ok: false,
      status: 409,
      code: 'CORRECTION_PENDING',
      message: `${input.drawCode}: an earlier correction is still being applied at the wallet; correct again once it has been answered`,
    };
  const result = input.resultFor(draw.family);
  if (typeof result === 'string')
    return {
      ok: false,
      status: 400,
      code: 'VALIDATION_FAILED',
      message: `${input.field}: ${result}`,
      field: input.field,
    };
  const { rows: latest } = await tx.query<{ seq: number; numbers: unknown }>(
    'select seq, numbers from lottery_draw_corrections where draw_code = $1 order by seq desc limit 1',
    [input.drawCode],
  );
  const previous = parsedJson<DrawResult>(latest[0]?.numbers ?? draw.numbers);
  if (sameResult(previous, result))
    return {
      ok: false,
      status: 409,
      code: 'RESULT_UNCHANGED',
      message: `${input.field}: that is the draw’s result already`,
      field: input.field,
    };
  const seq = (latest[0]?.seq ?? 0) + 1;
  await tx.query(
    `insert into lottery_draw_corrections (draw_code, seq, previous_numbers, numbers, operator, reason, corrected_at)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [
      input.drawCode,
      seq,
      JSON.stringify(previous),
      JSON.stringify(result),
      input.operator,
      input.reason,
      input.now,
    ],
  );
  const deltas = await owedDifferences(tx, input.drawCode, result);
  await tx.query(
    `insert into lottery_slip_corrections (slip_id, draw_code, seq, delta_minor, status)
     select slip_id, $1, $2, delta, 'PENDING' from unnest($3::text[], $4::bigint[]) as v (slip_id, delta)`,
    [input.drawCode, seq, [...deltas.keys()], [...deltas.values()]],
  );
  const amounts = [...deltas.values()];
  return {
    ok: true,
    value: {
      drawCode: input.drawCode,
      seq,
      slips: deltas.size,
      creditMinor: amounts.filter((d) => d > 0).reduce((sum, d) => sum + d, 0),
      debitMinor: -amounts.filter((d) => d < 0).reduce((sum, d) => sum + d, 0),
    },
  };
}

/** Per settled slip of the draw whose payout changes: new payout − paid so far (never 0). */
async function owedDifferences(
  tx: Queryable,
  drawCode: string,
  result: DrawResult,
): Promise<Map<string, number>> {
  // Only APPLIED corrections were paid (none is PENDING here: correctDraw refuses while one is).
  const { rows: slips } = await tx.query<{ slip_id: string; paid: string | number }>(
    `select s.slip_id, s.payout_minor + coalesce((select sum(c.delta_minor) from lottery_slip_corrections c
              where c.slip_id = s.slip_id and c.status = 'APPLIED'), 0) as paid
       from lottery_slips s where s.draw_code = $1 and s.status = 'SETTLED'`,
    [drawCode],
  );
  const due = new Map<string, number>(slips.map((slip) => [slip.slip_id, -Number(slip.paid)]));
  const { rows: tickets } = await tx.query<StoredTicket & { slip_id: string }>(
    `select t.slip_id, t.bet_type, t.selection, t.stake_minor, t.odds
       from lottery_tickets t join lottery_slips s on s.slip_id = t.slip_id
      where s.draw_code = $1 and s.status = 'SETTLED'`,
    [drawCode],
  );
  for (const ticket of tickets) {
    const payoutMinor = payoutOfStoredTicket(ticket, result);
    due.set(ticket.slip_id, (due.get(ticket.slip_id) ?? 0) + payoutMinor);
  }
  for (const [slipId, delta] of due) if (delta === 0) due.delete(slipId);
  return due;
}

/** The protocol's transaction id of a slip's correction: `<slipId>:k<seq>`, one per slip and correction. */
export const correctionTransactionId = (slipId: string, seq: number) => `${slipId}:k${seq}`;

const BATCH = 500;
const CALLS_AT_ONCE = 16;

/**
 * Sends the slip corrections still PENDING, each slip's oldest first (a later correction of one
 * slip waits for the earlier one's answer, so a debit never overtakes the credit it follows).
 * Exactly once as settlement is: the amount and id never change, the platform applies an id once
 * and answers a repeat with its first answer, and the row turns APPLIED only on that answer; so a
 * replay, two nodes, or a node killed between the call and the mark send the same call again.
 * A refusal (the member's balance no longer holds the amount, the round was refunded) is final:
 * REFUSED with its code, logged, for people to recover; a correction after it counts without it.
 */
export function createCorrectionSender(deps: {
  db: Queryable;
  client: PlatformClient;
  now?: () => number;
  log?: { warn: (details: object, message: string) => void };
}) {
  const now = deps.now ?? Date.now;

  interface Owed {
    slip_id: string;
    seq: number;
    delta_minor: string | number;
    player_id: string;
    game_code: string;
    draw_code: string;
    reason: string;
  }

  async function sendOne(owed: Owed): Promise<boolean> {
    const delta = Number(owed.delta_minor);
    const reason = `Draw ${owed.draw_code} result corrected: ${owed.reason}`.slice(0, CORRECTION_REASON_MAX);
    const answer = await deps.client.call('correction', {
      playerId: owed.player_id,
      roundId: owed.slip_id,
      gameCode: owed.game_code,
      transactionId: correctionTransactionId(owed.slip_id, owed.seq),
      direction: delta > 0 ? 'CREDIT' : 'DEBIT',
      amountMinor: String(Math.abs(delta)),
      reason,
    });
    if (answer.kind === 'unknown') return false;
    const applied = answer.code === 'OK';
    if (!applied)
      deps.log?.warn(
        { slipId: owed.slip_id, seq: owed.seq, deltaMinor: delta, code: answer.code },
        'lottery correction refused by the platform: recover it by hand',
      );
    const { rows } = await deps.db.query(
      `update lottery_slip_corrections set status = $3, refusal = $4, answered_at = $5
        where slip_id = $1 and seq = $2 and status = 'PENDING' returning slip_id`,
      [
        owed.slip_id,
        owed.seq,
        applied ? 'APPLIED' : 'REFUSED',
        applied ? null : answer.code,
        new Date(now()),
      ],
    );
    return applied && rows.length === 1;
  }

  return {
    /** One pass; returns how many corrections it saw applied. */
    async send(): Promise<number> {
      let applied = 0;
      await keysetPass<Owed>({
        pageSize: BATCH,
        budgetMs: PASS_BUDGET_MS,
        readAfter: async (last) =>
          (
            await deps.db.query<Owed>(
              `select c.slip_id, c.seq, c.delta_minor, s.player_id, s.game_code, c.draw_code, d.reason
                 from lottery_slip_corrections c
                 join lottery_slips s on s.slip_id = c.slip_id
                 join lottery_draw_corrections d on d.draw_code = c.draw_code and d.seq = c.seq
                where c.status = 'PENDING'
                  and not exists (select 1 from lottery_slip_corrections e
                                   where e.slip_id = c.slip_id and e.status = 'PENDING' and e.seq < c.seq)
                  and ($1::integer is null or (c.seq, c.slip_id) > ($1::integer, $2::text))
                order by c.seq, c.slip_id limit $3`,
              [last?.seq ?? null, last?.slip_id ?? null, BATCH],
            )
          ).rows,
        visit: (page) =>
          forEachAtMost(page, CALLS_AT_ONCE, async (owed) => {
            if (await sendOne(owed)) applied += 1;
          }),
      });
      return applied;
    },
  };
}
export type CorrectionSender = ReturnType<typeof createCorrectionSender>;
