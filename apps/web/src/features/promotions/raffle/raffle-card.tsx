import type { PublicRaffle } from '@fortuna/contracts/raffles';
import { useTranslation } from 'react-i18next';
import { useIsRealMember } from '../../../shared/api/member-promotions.ts';
import { formatDateTime } from '../../../shared/format/date-time.ts';
import { useWalletMoney } from '../../../shared/ui/use-wallet-money.tsx';
import { claimFailureMessage } from '../api/claim-promotion.ts';
import { useClaimRaffle, useMyRaffle } from './raffles-api.ts';
import './raffle.css';

/** Each tier with the rank of its first prize: a stable key, tiers never reorder. */
function tiersByFirstRank(prizes: PublicRaffle['prizes']) {
  let next = 1;
  return prizes.map((tier) => {
    const firstRank = next;
    next += tier.winners;
    return { tier, firstRank };
  });
}

/**
 * One raffle (ADR 067): how tickets are earned, the prizes, the draw time and the seed's hash
 * published before any ticket; a member joins and sees their tickets; after the draw, the
 * winning tickets, the revealed seed and the link that recomputes them.
 */
export function RaffleCard({ raffle }: { raffle: PublicRaffle }) {
  const { t } = useTranslation();
  const money = useWalletMoney();
  const isRealMember = useIsRealMember();
  const mine = useMyRaffle(raffle.id, isRealMember);
  const claim = useClaimRaffle(raffle.id);
  const drawn = raffle.status === 'DRAWN';
  const { ticketRule } = raffle;
  return (
    <article className="raffle-card" data-testid={`raffle-${raffle.id}`}>
      <div className="raffle-card__head">
        <span className="raffle-card__type">{t('raffle.label')}</span>
        <span className={`raffle-card__status raffle-card__status--${raffle.status}`}>
          {t(`raffle.status.${raffle.status}`)}
        </span>
      </div>
      <h2 className="raffle-card__title">{raffle.title}</h2>
      <ul className="raffle-card__rules">
        {ticketRule.depositMinMinor ? (
          <li>
            {t('raffle.perDeposit')} {money(ticketRule.depositMinMinor)}
          </li>
        ) : null}
        {ticketRule.validBetsPerTicketMinor ? (
          <li>
            {t('raffle.perBets')} {money(ticketRule.validBetsPerTicketMinor)}
          </li>
        ) : null}
        <li>{t('raffle.cap', { count: ticketRule.maxTicketsPerMember })}</li>
      </ul>
      <ul className="raffle-card__prizes" data-testid="raffle-prizes">
        {tiersByFirstRank(raffle.prizes).map(({ tier, firstRank }) => (
          <li key={firstRank}>
            {t('raffle.prize', { count: tier.winners })} {money(tier.amountMinor)}
          </li>
        ))}
      </ul>
      <p className="raffle-card__when">
        {t(drawn ? 'raffle.drawnAt' : 'raffle.drawAt', { at: formatDateTime(raffle.drawAt) })}
        {' · '}
        {t('raffle.tickets', { count: raffle.ticketCount })}
      </p>
      {raffle.status === 'PAUSED' || raffle.status === 'CANCELLED' ? (
        <p className="raffle-card__note" data-testid="raffle-status-note">
          {t(raffle.status === 'PAUSED' ? 'raffle.pausedNote' : 'raffle.cancelledNote')}
        </p>
      ) : null}
      {mine.data ? (
        <p className="raffle-card__mine" data-testid="raffle-my-tickets">
          {mine.data.myTickets.length > 0
            ? t('raffle.myTickets', { numbers: mine.data.myTickets.map((n) => `#${n}`).join(', ') })
            : t(mine.data.joined ? 'raffle.noTicketsYet' : 'raffle.notJoined')}
        </p>
      ) : null}
      {isRealMember && raffle.status === 'OPEN' ? (
        <button
          type="button"
          className="button"
          data-testid="raffle-claim"
          disabled={claim.isPending}
          onClick={() => claim.mutate()}
        >
          {t(mine.data?.joined ? 'raffle.refresh' : 'raffle.join')}
        </button>
      ) : null}
      {claim.error ? (
        <p className="raffle-card__error" role="alert">
          {claimFailureMessage(claim.error, t)}
        </p>
      ) : null}
      {drawn ? (
        <div className="raffle-card__drawn" data-testid="raffle-winners">
          <h3>{t('raffle.winners')}</h3>
          <ol>
            {raffle.winners.map((winner) => (
              <li key={winner.rank}>
                #{winner.ticketNumber} {money(winner.prizeMinor)}
                {mine.data?.myTickets.includes(winner.ticketNumber) ? ` · ${t('raffle.yours')}` : ''}
              </li>
            ))}
          </ol>
          <p className="raffle-card__seed">
            {t('raffle.seed')} <code>{raffle.seed}</code>
          </p>
          <a
            href={`/wps/raffles/${raffle.id}/verify`}
            target="_blank"
            rel="noreferrer"
            data-testid="raffle-verify"
          >
            {t('raffle.verify')}
          </a>
        </div>
      ) : null}
      <p className="raffle-card__seed">
        {t('raffle.seedHash')} <code>{raffle.seedHash}</code>
      </p>
    </article>
  );
}
