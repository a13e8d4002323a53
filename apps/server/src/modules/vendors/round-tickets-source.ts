import { text } from '@fortuna/contracts/input-guard';
import { VENDOR_SIGNATURE_HEADER, VENDOR_TIMESTAMP_HEADER } from '@fortuna/contracts/vendor-protocol';
import { timestampedHmacOf, unixSecondsOf } from '@fortuna/signing/timestamped-hmac';
import { z } from 'zod';
import { AppError } from '../../platform/errors.ts';

const whole = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** A round's tickets as the house lottery answers them (apps/house-games round-tickets.routes.ts). */
const HouseRoundSchema = z.object({
  drawCode: text(),
  drawClosesAt: text(),
  tickets: z
    .array(
      z.object({
        ticketId: text(),
        betType: text(),
        betTypeName: text(),
        numbers: text(),
        odds: text(),
        stakeMinor: whole,
        payoutMinor: whole.nullable(),
        rebateMinor: whole,
      }),
    )
    .max(100),
  corrections: z
    .array(
      z.object({
        direction: z.enum(['CREDIT', 'DEBIT']),
        amountMinor: whole,
        status: z.enum(['PENDING', 'APPLIED', 'REFUSED']),
        reason: text(),
        correctedAt: text(),
      }),
    )
    .max(100),
});
export type VendorRound = z.infer<typeof HouseRoundSchema>;

/** Where a vendor's round details are read (ADR 072): one per vendor whose rounds have tickets. */
export interface RoundTicketsSource {
  /** The round of that player, or undefined when the vendor has no such round of that player. */
  round(roundId: string, playerId: string, language: string): Promise<VendorRound | undefined>;
}

/**
 * The house lottery's tickets of one round: `GET /lottery/rounds/{roundId}/tickets?player&lang`,
 * signed as every call between the platform and the vendor (HMAC of `<ts>.<path and query>` with
 * the vendor secret), because it names a player. Nothing is copied into the platform: the vendor
 * keeps the tickets, their odds and payouts, and its corrections. An answer that is not a
 * well-formed round in time is unavailable, never a guess.
 */
export function createHouseRoundTickets(deps: {
  baseUrl: string;
  secret: string;
  timeoutMs?: number;
  now?: () => number;
}): RoundTicketsSource {
  const base = deps.baseUrl.replace(/\/$/, '');
  const now = deps.now ?? Date.now;
  return {
    async round(roundId, playerId, language) {
      const path = `/lottery/rounds/${encodeURIComponent(roundId)}/tickets?${new URLSearchParams({ player: playerId, lang: language })}`;
      const timestamp = unixSecondsOf(now());
      let answer: Response;
      try {
        answer = await fetch(`${base}${path}`, {
          headers: {
            [VENDOR_TIMESTAMP_HEADER]: timestamp,
            [VENDOR_SIGNATURE_HEADER]: timestampedHmacOf(deps.secret, timestamp, path),
          },
          signal: AbortSignal.timeout(deps.timeoutMs ?? 5_000),
        });
      } catch (error) {
        throw new AppError('ROUND_TICKETS_UNAVAILABLE', {
          message: `The lottery's tickets cannot be reached: ${(error as Error).message}`,
        });
      }
      const body: unknown = await answer.json().catch(() => undefined);
      // Not the vendor's round of this player (a round id of a house game that is no lottery slip, too).
      if (answer.status === 404 || answer.status === 400) return undefined;
      const parsed = answer.ok
        ? HouseRoundSchema.safeParse((body as { value?: unknown } | undefined)?.value)
        : undefined;
      if (!parsed?.success)
        throw new AppError('ROUND_TICKETS_UNAVAILABLE', {
          message: `The lottery answered HTTP ${answer.status} without the round's tickets`,
        });
      return parsed.data;
    },
  };
}
