import { useTranslation } from 'react-i18next';
import { useGameVendors } from '../../../shared/api/game-vendors.ts';
import { HomeGameRow } from './home-game-row.tsx';
import { homeRowPlan } from './home-row-lists.ts';
import { HotGamesRow } from './hot-games-row.tsx';
import { MoreGamesStrip } from './more-games-strip.tsx';
import { useHomePreload } from './use-home-preload.ts';
import { WinnerBoard } from './winner-board.tsx';
import './home-game-rows.css';

/**
 * Spec 2.1: the home rows — hot games, the winner board, then a row for each category that has
 * games a member can launch today, in navigation order (the lottery too, once it has some); a
 * category with only one or two such games joins the "more games" strip instead of a thin row.
 * Spec 9: some vendors' games are preloaded for their tabs.
 */
export function HomeGameRows() {
  const { t } = useTranslation();
  const vendors = useGameVendors();
  useHomePreload(vendors.data);
  const plan = homeRowPlan(vendors.data ?? []);
  return (
    <section className="home-rows" aria-label={t('home.gamesTitle')}>
      <HotGamesRow />
      <WinnerBoard />
      {plan.rows.map((row) => (
        <HomeGameRow key={row.gameType} gameType={row.gameType} vendors={row.vendors} />
      ))}
      {plan.thin.length > 0 ? <MoreGamesStrip categories={plan.thin} /> : null}
    </section>
  );
}
