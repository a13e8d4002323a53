import { GAME_CATEGORIES } from '@fortuna/contracts/categories';
import { useTranslation } from 'react-i18next';
import { useGameVendors } from '../../../shared/api/game-vendors.ts';
import { HomeGameRow } from './home-game-row.tsx';
import { HotGamesRow } from './hot-games-row.tsx';
import { useHomePreload } from './use-home-preload.ts';
import { WinnerBoard } from './winner-board.tsx';
import './home-game-rows.css';

/**
 * Spec 2.1: the home rows — hot games, the winner board, then each category that has vendors, in
 * navigation order; the lottery has its centre (/lott), not a row.
 */
const HOME_ROWS = GAME_CATEGORIES.filter((category) => category !== 'LOTT');

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
