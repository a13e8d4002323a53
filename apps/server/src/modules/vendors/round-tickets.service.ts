import type { RoundTickets } from '@fortuna/contracts/bet-records';
import type { Database } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { findMemberRound } from './bet-records.store.ts';
import type { RoundTicketsSource } from './round-tickets-source.ts';
import type { VendorRegistry } from './vendor-registry.ts';

/**
 * A lottery round's tickets in the member's betting record (ADR 072). The round must be the
 * caller's own (another member's id is not found, exactly as an id that does not exist); the
 * tickets are then asked of the round's vendor for the member's player id there, so the vendor
 * too answers only for that player.
 */
export function createRoundTickets(deps: {
  db: Database;
  registry: Pick<VendorRegistry, 'playerIdFor'>;
  sources: ReadonlyMap<string, RoundTicketsSource>;
}) {
  return {
    async of(memberId: bigint, id: bigint, language: string): Promise<RoundTickets> {
      const round = await findMemberRound(deps.db, memberId, id);
      if (!round)
        throw new AppError('BET_RECORD_NOT_FOUND', {
          issues: [{ field: 'params.id', message: 'you have no bet record with this id' }],
        });
      const source = round.category === 'LOTT' ? deps.sources.get(round.vendorCode) : undefined;
      const details = source
        ? await source.round(
            round.roundId,
            await deps.registry.playerIdFor(round.vendorCode, memberId),
            language,
          )
        : undefined;
      if (!details)
        throw new AppError('ROUND_TICKETS_NOT_FOUND', {
          issues: [{ field: 'params.id', message: 'this round has no tickets to show' }],
        });
      const minor = (value: number) => String(value);
      return {
        id: round.id.toString(),
        roundId: round.roundId,
        drawCode: details.drawCode,
        drawClosesAt: details.drawClosesAt,
        tickets: details.tickets.map((ticket) => ({
          ...ticket,
          stakeMinor: minor(ticket.stakeMinor),
          payoutMinor: ticket.payoutMinor === null ? null : minor(ticket.payoutMinor),
          rebateMinor: minor(ticket.rebateMinor),
        })),
        corrections: details.corrections.map((correction) => ({
          ...correction,
          amountMinor: minor(correction.amountMinor),
        })),
      };
    },
  };
}
export type RoundTicketsService = ReturnType<typeof createRoundTickets>;
