import type { PublicRaffle } from '@fortuna/contracts/raffles';
import type { RaffleRow, WinnerRow } from './raffles.store.ts';

/**
 * COMING_SOON before it opens, OPEN until drawn (a raffle past its time waits for the draw job),
 * DRAWN after; PAUSED and CANCELLED as an operator set them (ADR 074).
 */
export function raffleStatusAt(raffle: Pick<RaffleRow, 'status' | 'opensAt' | 'drawAt'>, at: Date) {
  if (raffle.status === 'DRAWN') return 'DRAWN' as const;
  if (raffle.status === 'CANCELLED') return 'CANCELLED' as const;
  if (raffle.status === 'PAUSED') return 'PAUSED' as const;
  if (at < raffle.opensAt) return 'COMING_SOON' as const;
  if (at >= raffle.drawAt) return 'CLOSED' as const;
  return 'OPEN' as const;
}

/** The title in the language asked for, else EN (always present). */
const titleIn = (titles: Record<string, string>, language: string) => titles[language] ?? titles.EN ?? '';

/** What anyone may see of a raffle: the seed only once it is drawn. */
export function publicRaffle(
  raffle: RaffleRow,
  winners: readonly WinnerRow[],
  language: string,
  at: Date,
): PublicRaffle {
  const status = raffleStatusAt(raffle, at);
  const drawn = raffle.status === 'DRAWN';
  return {
    id: raffle.id.toString(),
    code: raffle.code,
    title: titleIn(raffle.titles, language),
    // Past its time but not yet drawn, it shows as open: the draw is due within the minute.
    status: status === 'CLOSED' ? 'OPEN' : status,
    opensAt: raffle.opensAt.toISOString(),
    drawAt: raffle.drawAt.toISOString(),
    ticketRule: {
      validBetsPerTicketMinor: raffle.validBetsPerTicketMinor?.toString() ?? null,
      depositMinMinor: raffle.depositMinMinor?.toString() ?? null,
      maxTicketsPerMember: raffle.maxTicketsPerMember,
    },
    prizes: raffle.prizes.map((tier) => ({ winners: tier.winners, amountMinor: tier.amountMinor })),
    seedHash: raffle.seedHash,
    seed: drawn ? raffle.seed : null,
    closingValue: drawn ? raffle.closingValue : null,
    ticketCount: raffle.issuedCount,
    winners: winners.map((winner) => ({
      rank: winner.rank,
      ticketNumber: winner.ticketNumber,
      prizeMinor: winner.prizeMinor.toString(),
    })),
  };
}
