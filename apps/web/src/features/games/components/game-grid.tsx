import type { GameItem } from '@fortuna/contracts/games';
import { useFavouriteIds } from '../api/games.ts';
import { GameTile } from './game-tile.tsx';
import { useGameActions } from './use-game-actions.ts';
import './game-grid.css';

/** Tiles in a responsive grid (game lists, favourites, recent games). */
export function GameGrid({ games, testId }: { games: GameItem[]; testId?: string }) {
  const favourites = useFavouriteIds();
  const actions = useGameActions();
  return (
    <div className="game-grid" data-testid={testId}>
      {games.map((game) => (
        <GameTile key={game.nodeId} game={game} favourite={favourites.has(game.nodeId)} actions={actions} />
      ))}
    </div>
  );
}
