import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/date-time.ts';
import { QueryFailure } from '../../../shared/ui/query-failure.tsx';
import { useRoundTickets } from '../api/round-tickets.ts';

/**
 * The tickets of one lottery round under its row (ADR 072): each bet with its numbers, the odds
 * it was placed at, its stake, what it paid once settled and its prize mode's rebate, the draw,
 * and any correction of the draw's result beside the settlement it never edits.
 */
export function RoundTickets({
  id,
  money,
}: {
  id: string;
  money: (minor: string, signed?: boolean) => ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const round = useRoundTickets(id, i18n.language);
  if (round.isPending) return <p className="round-tickets__note">{t('bets.tickets.loading')}</p>;
  if (round.isError)
    return (
      <QueryFailure error={round.error} retryLabel={t('wallet.retry')} onRetry={() => void round.refetch()} />
    );
  const { drawCode, drawClosesAt, tickets, corrections } = round.data;
  return (
    <div className="round-tickets" data-testid="round-tickets">
      <p className="round-tickets__draw">
        {t('bets.tickets.draw', { draw: drawCode, time: formatDateTime(drawClosesAt) })}
      </p>
      <ul className="round-tickets__list">
        {tickets.map((ticket) => (
          <li key={ticket.ticketId} className="round-ticket" data-testid="round-ticket">
            <span className="round-ticket__bet">
              <b>{ticket.betTypeName}</b> {ticket.numbers}
            </span>
            <span className="round-ticket__odds">{t('bets.tickets.odds', { odds: ticket.odds })}</span>
            <span>
              {t('bets.stake')} {money(ticket.stakeMinor)}
            </span>
            <span data-testid="round-ticket-payout">
              {t('bets.payout')}{' '}
              {ticket.payoutMinor === null ? t('bets.tickets.unsettled') : money(ticket.payoutMinor)}
            </span>
            {ticket.rebateMinor !== '0' ? (
              <span data-testid="round-ticket-rebate">
                {t('bets.tickets.rebate')} {money(ticket.rebateMinor)}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
      {corrections.map((correction) => (
        <p key={correction.correctedAt} className="round-tickets__correction">
          {t('bets.tickets.corrected', { reason: correction.reason })}{' '}
          {money(`${correction.direction === 'DEBIT' ? '-' : ''}${correction.amountMinor}`, true)} (
          {t(`bets.tickets.correctionStatus.${correction.status}`)})
        </p>
      ))}
    </div>
  );
}
