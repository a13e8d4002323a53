import type { GameMenuItem, PrizeMode } from '@fortuna/contracts/games';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { CategoryIcon } from '../../../shared/art/category-icon.tsx';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { PageTitle } from '../../../shared/ui/page-title.tsx';
import { useGameMenus } from '../api/games.ts';
import { GameGrid } from '../components/game-grid.tsx';
import { LottoPrizeModeContext } from '../components/lotto-prize-mode.ts';
import './game-list-page.css';

/** Each centre lists the draws of its prize mode (spec 9, ADR 050): /elott the e-lottery. */
const PRIZE_MODE_OF: Record<string, PrizeMode> = { '/lott': 'LOTT', '/elott': 'ELOTT' };

/** Games without a draw family are shown last, under this tag. */
const OTHER_TAG = 'OTHER';

/** The games per tag (their gameGroupCode, spec 3), tags in the order their first game comes. */
function byTag(games: GameMenuItem[]): Map<string, GameMenuItem[]> {
  const tags = new Map<string, GameMenuItem[]>();
  for (const game of games) {
    const tag = game.gameGroupCode ?? OTHER_TAG;
    tags.set(tag, [...(tags.get(tag) ?? []), game]);
  }
  const other = tags.get(OTHER_TAG);
  if (other) {
    tags.delete(OTHER_TAG);
    tags.set(OTHER_TAG, other);
  }
  return tags;
}

/**
 * The lottery centres (spec 2.1 /lott, /elott): the lottery games of the game menus call in the
 * centre's prize mode, one section per draw family (the game's tag), a tag picked to see only its
 * games. Playing needs a real account, as every game (the tiles' own rule), and launches in the
 * centre's prize mode.
 */
export function LotteryPage() {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const prizeMode = PRIZE_MODE_OF[pathname];
  const menus = useGameMenus(i18n.language, params.get('vassalage') ?? undefined, prizeMode);
  const [picked, setPicked] = useState<string | null>(null);
  const tags = byTag(Object.values(menus.data ?? {}));
  const shown = [...tags].filter(([tag]) => !picked || tag === picked);
  const tagName = (tag: string) => t(`lottery.tags.${tag}`, { defaultValue: tag });

  return (
    <LottoPrizeModeContext.Provider value={prizeMode}>
      <div className="game-list-page">
        <PageTitle icon={<CategoryIcon name="LOTTERY" size={32} />}>
          {t(`pages.${pathname.slice(1)}`)}
        </PageTitle>
        {menus.data && tags.size === 0 ? (
          <EmptyState title={t('games.noGames')} text={t('empty.lottery')} />
        ) : (
          <>
            <fieldset className="game-filters__selections" aria-label={t('lottery.tagsLabel')}>
              {[null, ...tags.keys()].map((tag) => (
                <button
                  key={tag ?? 'ALL'}
                  type="button"
                  className="game-filters__chip"
                  aria-pressed={picked === tag}
                  onClick={() => setPicked(tag)}
                >
                  {tag ? tagName(tag) : t('games.selections.ALL')}
                </button>
              ))}
            </fieldset>
            {shown.map(([tag, games]) => (
              <section
                key={tag}
                className="lottery-tag"
                aria-label={tagName(tag)}
                data-testid={`lottery-${tag}`}
              >
                <h2 className="lottery-tag__title">{tagName(tag)}</h2>
                <GameGrid games={games} />
              </section>
            ))}
          </>
        )}
      </div>
    </LottoPrizeModeContext.Provider>
  );
}
