import type { GameMenuItem, PrizeMode } from '@fortuna/contracts/games';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { ApiError } from '../../../shared/api/api-error.ts';
import { CategoryIcon } from '../../../shared/art/category-icon.tsx';
import { useSession } from '../../../shared/session/session-store.ts';
import { useRequireRealAccount } from '../../../shared/session/use-require-real-account.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { FullPageLoader } from '../../../shared/ui/loader.tsx';
import { PageTitle } from '../../../shared/ui/page-title.tsx';
import { launchGame, useGameMenus } from '../api/games.ts';
import { GameGrid } from '../components/game-grid.tsx';
import { LottoPrizeModeContext } from '../components/lotto-prize-mode.ts';
import './lottery-draw-page.css';

/**
 * The lottery pages of spec 2.1 (ADR 062): which games (their gameGroupCode; none for /lottery,
 * which opens any draw of the brand's LOTT menu) and the prize mode they are launched in (spec 9:
 * SEA for the SEA draws).
 */
export const DRAW_FAMILY_PAGES: Record<string, { group?: string; prizeMode: PrizeMode }> = {
  '/lottery': { prizeMode: 'LOTT' },
  '/vnLottery': { group: 'VN', prizeMode: 'LOTT' },
  '/seaLottery': { group: 'SEA', prizeMode: 'SEA' },
};

const GAME_CODE = /^[a-z0-9-]{1,40}$/;

/** The member's betting board of one draw, launched through the platform like any game. */
function DrawBoard({ game, prizeMode }: { game: GameMenuItem; prizeMode: PrizeMode }) {
  const { t, i18n } = useTranslation();
  const isLogin = useSession((state) => state.isLogin);
  const isTrial = useSession((state) => state.isTrial);
  const requireRealAccount = useRequireRealAccount();
  const member = isLogin && !isTrial;
  const launch = useQuery({
    queryKey: ['games', 'lottery-board', game.nodeId, prizeMode, i18n.language],
    queryFn: () => launchGame(game.nodeId, i18n.language, false, prizeMode),
    enabled: member,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (!member) {
    // Spec 5: a visitor is asked to log in, a trial account to register; the board needs real money.
    return (
      <EmptyState
        title={t(isLogin ? 'lottery.board.registerTitle' : 'lottery.board.loginTitle')}
        text={t(isLogin ? 'lottery.board.registerText' : 'lottery.board.loginText')}
        action={
          <button
            type="button"
            className="button button--gold"
            data-testid="lottery-board-account"
            onClick={() => requireRealAccount(() => {})}
          >
            {t(isLogin ? 'lottery.board.register' : 'lottery.board.login')}
          </button>
        }
      />
    );
  }
  if (launch.isError) {
    const code = launch.error instanceof ApiError ? launch.error.code : 'INTERNAL';
    return (
      <EmptyState
        title={t('games.cannotOpen')}
        text={t(`errorCodes.${code}`, { vendor: game.vendorName, defaultValue: t('games.cannotOpenText') })}
      />
    );
  }
  if (!launch.data) return <FullPageLoader label={t('games.opening')} inline />;
  return (
    <iframe
      className="lottery-draw-page__frame"
      src={launch.data.url}
      title={game.displayName}
      data-testid="lottery-board-iframe"
    />
  );
}

/**
 * /lottery, /vnLottery and /seaLottery (spec 2.1): with `gameCode`, the betting board of that draw;
 * without, the family's draws to pick from. A code that names none of them, or a draw not playable today,
 * says so and offers the family's draws.
 */
export function LotteryDrawPage() {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const family = DRAW_FAMILY_PAGES[pathname] ?? { prizeMode: 'LOTT' };
  const menus = useGameMenus(i18n.language, undefined, family.prizeMode);
  const games = Object.values(menus.data ?? {}).filter(
    (game) => family.group === undefined || game.gameGroupCode === family.group,
  );
  const gameCode = params.get('gameCode');
  const game =
    gameCode && GAME_CODE.test(gameCode)
      ? games.find((candidate) => candidate.gameCode === gameCode && candidate.launchable)
      : undefined;
  const title = t(`pages.${pathname.slice(1)}`);

  if (!menus.data) return <FullPageLoader label={t('games.opening')} inline />;
  return (
    <LottoPrizeModeContext.Provider value={family.prizeMode}>
      <div className="lottery-draw-page">
        {game ? (
          // The board names its draw itself: no page title above it, as for a game on /seamless.
          <DrawBoard game={game} prizeMode={family.prizeMode} />
        ) : (
          <>
            <PageTitle icon={<CategoryIcon name="LOTTERY" size={32} />}>{title}</PageTitle>
            {gameCode !== null && (
              <p className="lottery-draw-page__notice" role="alert" data-testid="lottery-unknown-draw">
                {t('lottery.board.unknownDraw')}
              </p>
            )}
            {games.length === 0 ? (
              <EmptyState title={t('games.noGames')} text={t('empty.lottery')} />
            ) : (
              <section aria-label={title} data-testid={`lottery-${family.group ?? 'ALL'}`}>
                <GameGrid games={games} />
              </section>
            )}
            <Link className="lottery-draw-page__more" to="/lott">
              {t('lottery.board.allDraws')}
            </Link>
          </>
        )}
      </div>
    </LottoPrizeModeContext.Provider>
  );
}
