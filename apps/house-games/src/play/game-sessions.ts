import { randomBytes } from 'node:crypto';
import { freshSeeds, type RevealedSeed, type SeedState } from '../fairness/seeds.ts';
import type { Launch } from './launch.ts';

/** Play money a demo session starts with, in minor units (1,000.00). */
export const DEMO_START_MINOR = 100_000;
const HISTORY_KEPT = 30;

export interface PlayedRound {
  roundId: string;
  nonce: number;
  serverSeedHash: string;
  clientSeed: string;
  betMinor: number;
  winMinor: number;
  at: string;
}

export interface GameSession extends Launch {
  id: string;
  seeds: SeedState;
  /** Server seeds ended by rotation, newest first: what lets the player verify past rounds. */
  revealed: RevealedSeed[];
  history: PlayedRound[];
  demoBalanceMinor: number;
  /** A round is in play: the next spin waits for it. */
  busy: boolean;
  lastSeen: number;
}

/**
 * Sessions live in this process's memory (a restart ends them; the player relaunches from the
 * lobby). One is opened per verified launch and kept while it is used.
 */
export function createGameSessions(options: { idleMs?: number; now?: () => number } = {}) {
  const now = options.now ?? Date.now;
  const idleMs = options.idleMs ?? 2 * 60 * 60 * 1000;
  const sessions = new Map<string, GameSession>();
  const sweep = () => {
    for (const [id, session] of sessions)
      if (now() - session.lastSeen > idleMs && !session.busy) sessions.delete(id);
  };
  return {
    open(launch: Launch): GameSession {
      sweep();
      const session: GameSession = {
        ...launch,
        id: randomBytes(18).toString('base64url'),
        seeds: freshSeeds(),
        revealed: [],
        history: [],
        demoBalanceMinor: DEMO_START_MINOR,
        busy: false,
        lastSeen: now(),
      };
      sessions.set(session.id, session);
      return session;
    },
    get(id: string): GameSession | undefined {
      const session = sessions.get(id);
      if (session) session.lastSeen = now();
      return session;
    },
    remember(session: GameSession, round: PlayedRound) {
      session.history.unshift(round);
      session.history.length = Math.min(session.history.length, HISTORY_KEPT);
    },
    get size() {
      return sessions.size;
    },
  };
}
export type GameSessions = ReturnType<typeof createGameSessions>;
