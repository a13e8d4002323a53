import { useTranslation } from 'react-i18next';
import { useSiteInfo } from '../../../shared/api/site.ts';
import { Money } from '../../../shared/ui/money.tsx';
import { assetUrl, pickImageHost } from '../api/asset-host.ts';
import { useWinners } from '../api/games.ts';
import { WinnersMarquee } from './winners-marquee.tsx';
import './winner-board.css';

/** Spec 9: the biggest wins show the first 9 entries of the winner board. */
export const BIGGEST_WINS_SHOWN = 9;

/** The winner board: this week's wins running in the marquee, the biggest nine listed; names masked by the server. */
export function WinnerBoard() {
  const { t, i18n } = useTranslation();
  const site = useSiteInfo();
  const host = pickImageHost(site.imageCDNs);
  const winners = useWinners(i18n.language);
  const rows = (winners.data ?? []).slice(0, BIGGEST_WINS_SHOWN);
  return (
    <section className="winner-board" aria-labelledby="winner-board-title" data-testid="winner-board">
      <h2 id="winner-board-title" className="home-row__title">
        <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true">
          <path
            d="M7 3h10v3h3v2a4 4 0 0 1-4 4h-.3A5 5 0 0 1 13 14.9V18h3v3H8v-3h3v-3.1A5 5 0 0 1 8.3 12H8a4 4 0 0 1-4-4V6h3V3zm0 5H6a2 2 0 0 0 1 1.7V8zm10 0v1.7A2 2 0 0 0 18 8h-1z"
            fill="#f5c451"
          />
        </svg>
        {t('games.biggestWins')}
      </h2>
      <WinnersMarquee winners={winners.data ?? []} symbol={site.currency.symbol} />
      {winners.data && rows.length === 0 ? (
        <p className="winner-board__empty">{t('games.noWinnersYet')}</p>
      ) : (
        <ol className="winner-board__list" data-testid="biggest-wins">
          {rows.map((row, index) => (
            <li key={`${row.gameId}-${row.settledAt}-${row.customerName}`} className="winner-board__item">
              <span className="winner-board__rank">{index + 1}</span>
              <img
                className="winner-board__icon"
                src={assetUrl(host, row.iconUrl)}
                alt=""
                width={40}
                height={40}
                loading="lazy"
              />
              <span className="winner-board__who">
                <strong>{row.customerName}</strong>
                <span>{row.gameName}</span>
              </span>
              <span className="winner-board__amount">
                <Money minor={row.winAmount} symbol={site.currency.symbol} />
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
