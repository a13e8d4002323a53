import { useTranslation } from 'react-i18next';
import { useGameVendors } from '../api/games.ts';
import { HomeGameRow } from './home-game-row.tsx';
import { HotGamesRow } from './hot-games-row.tsx';
import { useHomePreload } from './use-home-preload.ts';
import { WinnerBoard } from './winner-board.tsx';
import './home-game-rows.css';

/** Spec 2.1: the home rows — hot games, the winner board, then each category that has vendors. */
const HOME_ROWS = ['RNG', 'LIVE', 'FISH', 'PVP', 'SPORTS', 'ESPORTS', 'COCKFIGHT'] as const;

/** The home rows; spec 9: some vendors' games are preloaded for their tabs. */
export function HomeGameRows() {
  const { t } = useTranslation();
  const vendors = useGameVendors();
  useHomePreload(vendors.data);
  return (
    <section className="home-rows" aria-label={t('home.gamesTitle')}>
      <HotGamesRow />
      <WinnerBoard />
      {HOME_ROWS.map((gameType) => {
        const entry = vendors.data?.find((category) => category.gameType === gameType);
        return entry ? <HomeGameRow key={gameType} gameType={gameType} vendors={entry.vendors} /> : null;
      })}
    </section>
  );
}
