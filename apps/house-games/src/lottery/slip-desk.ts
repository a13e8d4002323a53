import { randomBytes } from 'node:crypto';
import type { PlatformClient } from '../platform/platform-client.ts';
import type { SettlementOutbox } from '../platform/settlement-outbox.ts';
import { type BetType, betProblem, type DrawKind } from './bet-types.ts';
import { inLotteryTransaction, type Queryable } from './draw-store.ts';
import { lotteryGameOf, settlesAtOf } from './lottery-games.ts';
import { ticketOdds } from './odds-tables.ts';
import { type PrizeMode, rebateMinor } from './prize-modes.ts';
import { placeSlip } from './slip-placement.ts';
import { exposureKeyOf, maxReturnMinor, stakeLimitsUnderCap } from './stake-limits.ts';
import { endSlip, findSlip, lockOpenDraw, markPlaced, type NewTicket, type SlipRow } from './ticket-store.ts';
import { vnGameOf } from './vn-calendar.ts';

export interface SlipBet {
  betType: string;
  selection: number[];
  stakeMinor: number;
}

export type DeskAnswer<T> =
  | { ok: true; value: T }
  | { ok: false; status: 400 | 403 | 404 | 409 | 503; code: string; message: string; field?: string };

const refuse = (
  status: 400 | 403 | 404 | 409 | 503,
  code: string,
  message: string,
  field?: string,
): DeskAnswer<never> => ({ ok: false, status, code, message, ...(field ? { field } : {}) });

/** A slip id, also its round id at the platform: `s` and 24 hex characters. */
const newSlipId = () => `s${randomBytes(12).toString('hex')}`;
export const slipTransactionIds = (slipId: string) => ({
  debit: `${slipId}:d`,
  credit: `${slipId}:c`,
  rollback: `${slipId}:r`,
});

/**
 * The protocol's rollback of a slip's debit, under the slip's own rollback id: whoever asks (the
 * member's cancel, a void's refund, a debit whose answer was lost, a stranded slip), one slip is
 * rolled back once.
 */
export function slipRollback(slip: { slipId: string; playerId: string; gameCode: string }) {
  const ids = slipTransactionIds(slip.slipId);
  return {
    playerId: slip.playerId,
    roundId: slip.slipId,
    gameCode: slip.gameCode,
    transactionId: ids.rollback,
    refTransactionId: ids.debit,
  };
}

/** The tickets of a slip with their odds snapshotted, or the first bet that is not valid. */
function ticketsOf(
  kind: DrawKind,
  bets: readonly SlipBet[],
  mode: PrizeMode,
  capMinor: number,
): NewTicket[] | DeskAnswer<never> {
  const tickets: NewTicket[] = [];
  for (const [index, bet] of bets.entries()) {
    const problem = betProblem(kind, bet.betType, bet.selection);
    if (problem)
      return refuse(
        400,
        'VALIDATION_FAILED',
        `body.bets.${index}.${problem.field}: ${problem.message}`,
        `body.bets.${index}.${problem.field}`,
      );
    const betType = bet.betType as BetType;
    const odds = ticketOdds(kind, betType, mode);
    const limits = stakeLimitsUnderCap(betType, odds, capMinor);
    if (!limits)
      return refuse(
        409,
        'BET_TYPE_NOT_OFFERED',
        `body.bets.${index}.betType: this draw does not offer ${betType}: even its lowest stake could win more than the draw's limit on one outcome`,
        `body.bets.${index}.betType`,
      );
    if (bet.stakeMinor < limits.minMinor || bet.stakeMinor > limits.maxMinor) {
      const field = `body.bets.${index}.stakeMinor`;
      return refuse(
        400,
        'STAKE_OUT_OF_LIMITS',
        `${field}: a ${betType} ticket takes ${limits.minMinor} to ${limits.maxMinor} minor units`,
        field,
      );
    }
    tickets.push({
      betType,
      selection: bet.selection,
      stakeMinor: bet.stakeMinor,
      odds,
      rebateMinor: rebateMinor(bet.stakeMinor, mode),
      exposureKey: exposureKeyOf(betType, bet.selection),
      exposureMinor: maxReturnMinor(betType, bet.stakeMinor, odds),
    });
  }
  return tickets;
}

/**
 * Where members place and cancel slips (ADR 040, 044). A slip is several tickets on one open
 * draw, all or none: checked, its exposure reserved under the draw's cap and stored PENDING in
 * one statement holding the draw (slip-placement.ts); then one debit of the whole stake (one round per slip: one
 * movement of money and one bet record per thing the member did, and the all-or-nothing of the
 * slip holds at the platform too), declared long-open until the draw.
 */
export function createSlipDesk(deps: {
  db: Queryable;
  client: PlatformClient;
  outbox: SettlementOutbox;
  now: () => number;
  /** The regional draws' clock (ADR 071): which of them is open, and until when. */
  regionalNow: () => number;
  prizeMode: PrizeMode;
  /** The most the house may have to pay on one outcome of one draw. */
  exposureCapMinor: number;
}) {
  const { db } = deps;
  /** A draw's close is read on its own game's clock. */
  const nowFor = (gameCode: string) => new Date(vnGameOf(gameCode) ? deps.regionalNow() : deps.now());

  async function place(
    member: { playerId: string; gameCode: string; prizeMode?: PrizeMode | null },
    slip: { drawCode: string; bets: readonly SlipBet[] },
  ): Promise<DeskAnswer<SlipRow>> {
    const game = lotteryGameOf(member.gameCode);
    if (!game) return refuse(404, 'GAME_NOT_FOUND', 'This session does not play a lottery game');
    const tickets = ticketsOf(
      game.kind,
      slip.bets,
      member.prizeMode ?? deps.prizeMode,
      deps.exposureCapMinor,
    );
    if (!Array.isArray(tickets)) return tickets;
    const slipId = newSlipId();
    const placement = await placeSlip(
      db,
      { slipId, drawCode: slip.drawCode, ...member, now: nowFor(member.gameCode) },
      tickets,
      deps.exposureCapMinor,
    );
    if (placement.outcome === 'NOT_FOUND')
      return refuse(
        404,
        'DRAW_NOT_FOUND',
        `body.drawCode: no ${member.gameCode} draw is called ${slip.drawCode}`,
        'body.drawCode',
      );
    if (placement.outcome === 'CLOSED')
      return refuse(409, 'DRAW_CLOSED', `Betting on ${slip.drawCode} has closed`, 'body.drawCode');
    if (placement.outcome === 'VOID')
      return refuse(
        409,
        'DRAW_VOID',
        `${slip.drawCode} was voided: it takes no bets, and every stake on it is refunded`,
        'body.drawCode',
      );
    if (placement.outcome === 'EXPOSURE_FULL') {
      const field = `body.bets.${placement.index}`;
      const full = tickets[placement.index] as NewTicket;
      return refuse(
        409,
        'LIABILITY_LIMIT',
        `${field}: this draw takes no more ${full.betType} bets on ${full.selection.join(' ')}; pick other numbers or a smaller stake`,
        field,
      );
    }

    const stakeMinor = tickets.reduce((sum, ticket) => sum + ticket.stakeMinor, 0);
    const movement = { playerId: member.playerId, roundId: slipId, gameCode: member.gameCode };
    const ids = slipTransactionIds(slipId);
    const debit = await deps.client.call('debit', {
      ...movement,
      transactionId: ids.debit,
      amountMinor: String(stakeMinor),
      settlesAt: settlesAtOf(member.gameCode, placement.closesAt).toISOString(),
    });
    if (debit.kind === 'unknown') {
      // Nobody knows whether the stake was taken: roll it back (a refund if it was, a refusal of
      // the late debit if not), and the slip never joins the draw.
      await deps.outbox.deliver('rollback', slipRollback({ slipId, ...member }));
      await inLotteryTransaction(db, (tx) => endSlip(tx, slipId, 'VOID', ['PENDING']));
      return refuse(
        503,
        'SLIP_VOIDED',
        'The wallet did not answer: the slip was cancelled and any amount taken is refunded',
      );
    }
    if (debit.code !== 'OK') {
      await inLotteryTransaction(db, (tx) => endSlip(tx, slipId, 'REFUSED', ['PENDING']));
      return debit.code === 'INSUFFICIENT_FUNDS'
        ? refuse(409, 'INSUFFICIENT_FUNDS', 'Your balance does not cover this slip')
        : refuse(503, debit.code, `The slip was not taken (${debit.code})`);
    }
    return { ok: true, value: (await markPlaced(db, slipId)) ?? ((await findSlip(db, slipId)) as SlipRow) };
  }

  /** The member's cancel before the close: the slip leaves the draw, then its debit is rolled back. */
  async function cancel(playerId: string, slipId: string): Promise<DeskAnswer<SlipRow>> {
    const found = await findSlip(db, slipId);
    if (!found || found.playerId !== playerId)
      return refuse(404, 'SLIP_NOT_FOUND', `params.slipId: you have no slip ${slipId}`, 'params.slipId');
    const ended = await inLotteryTransaction(db, async (tx): Promise<DeskAnswer<true>> => {
      const draw = await lockOpenDraw(tx, found.drawCode, nowFor(found.gameCode));
      if (draw === 'closed')
        return refuse(409, 'DRAW_CLOSED', `Betting on ${found.drawCode} has closed: the slip stands`);
      if (draw === 'void')
        return refuse(409, 'DRAW_VOID', `${found.drawCode} was voided: the slip is refunded with it`);
      if (await endSlip(tx, slipId, 'CANCELLED', ['PLACED'])) return { ok: true, value: true };
      const now = await findSlip(tx, slipId);
      return refuse(409, 'SLIP_NOT_CANCELLABLE', `The slip is ${now?.status.toLowerCase()}`);
    });
    if (!ended.ok) return ended;
    // Kept and retried until answered; if this process dies first, the round stays open at the
    // platform until it is late (ADR 044) and an operator refunds it: the stake comes back either way.
    await deps.outbox.deliver('rollback', slipRollback({ slipId, playerId, gameCode: found.gameCode }));
    return { ok: true, value: (await findSlip(db, slipId)) as SlipRow };
  }

  return { place, cancel };
}
export type SlipDesk = ReturnType<typeof createSlipDesk>;
