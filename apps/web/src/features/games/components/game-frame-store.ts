import type { GameItem } from '@fortuna/contracts/games';
import { create } from 'zustand';

/** The game popup frame: the launched game's URL, or the games offered when its vendor is in maintenance. */
export const useGameFrame = create<{
  open: { title: string; url: string; nodeId: string; demo: boolean } | null;
  alternatives: { title: string; games: GameItem[] } | null;
  show(game: { title: string; url: string; nodeId: string; demo: boolean }): void;
  offer(title: string, games: GameItem[]): void;
  close(): void;
}>((set) => ({
  open: null,
  alternatives: null,
  show: (game) => set({ open: game, alternatives: null }),
  offer: (title, games) => set({ open: null, alternatives: { title, games } }),
  close: () => set({ open: null, alternatives: null }),
}));
