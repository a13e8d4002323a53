import type { Winner } from '@fortuna/contracts/games';
import { useTranslation } from 'react-i18next';
import { Money } from '../../../shared/ui/money.tsx';
import './winners-marquee.css';

/**
 * The winners marquee of home (spec 2.1): every entry of the winner board (settled rounds of the
 * week, names masked by the server) running right to left, above the biggest wins. It stops while
 * pointed at and stands still for readers who ask for less motion; with no win there is none.
 */
export function WinnersMarquee({ winners, symbol }: { winners: Winner[]; symbol: string }) {
  const { t } = useTranslation();
  if (winners.length === 0) return null;
  // The second copy only makes the loop seamless; it is hidden from screen readers.
  const run = (copy: boolean) =>
    winners.map((winner) => (
      <li
        key={`${copy ? 'copy-' : ''}${winner.gameId}-${winner.settledAt}-${winner.customerName}`}
        className="winners-marquee__item"
      >
        <strong>{winner.customerName}</strong>
        <span className="winners-marquee__game">{winner.gameName}</span>
        <span className="winners-marquee__amount">
          <Money minor={winner.winAmount} symbol={symbol} />
        </span>
      </li>
    ));
  return (
    <section className="winners-marquee" aria-label={t('games.winnersMarquee')} data-testid="winners-marquee">
      <div
        className="winners-marquee__track"
        style={{ animationDuration: `${Math.max(20, winners.length * 5)}s` }}
      >
        <ul className="winners-marquee__run">{run(false)}</ul>
        <ul className="winners-marquee__run" aria-hidden="true">
          {run(true)}
        </ul>
      </div>
    </section>
  );
}
