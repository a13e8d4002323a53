import { gameArtPath, type Winner, type WinnerBoardQuerySchema } from '@fortuna/contracts/games';
import type { z } from 'zod';
import type { Database } from '../../platform/db/database.ts';
import { ok } from '../../platform/reply.ts';
import { displayNameOf } from './game-views.ts';
import { biggestWins } from './games.store.ts';

type WinnerBoardQuery = z.output<typeof WinnerBoardQuerySchema>;

/** Wins of the last week make the board. */
const BOARD_DAYS = 7;
/** The board is the same for every visitor: read at most this often. */
const BOARD_TTL_MS = 15_000;

/** 'alice99' → 'al***9': enough to recognise oneself, not enough to find anyone. */
export function maskName(username: string): string {
  if (username.length <= 3) return `${username.slice(0, 1)}***`;
  return `${username.slice(0, 2)}***${username.slice(-1)}`;
}

/** The winner board (spec 7.3 getRankList): the biggest payouts of settled rounds, names masked. */
export function createWinnerBoard(deps: { db: Database; now?: () => number }) {
  const now = deps.now ?? Date.now;
  const answers = new Map<string, { answer: Buffer; until: number }>();
  return {
    async answer(query: WinnerBoardQuery): Promise<Buffer> {
      const key = `${query.gameCategory}|${query.language}|${query.limitNum}`;
      const kept = answers.get(key);
      if (kept && kept.until > now()) return kept.answer;
      const rows = await biggestWins(deps.db, {
        since: new Date(now() - BOARD_DAYS * 86_400_000),
        category: query.gameCategory === 'ALL' ? null : query.gameCategory,
        limit: query.limitNum,
      });
      const winners = rows.map(
        (row): Winner => ({
          customerName: maskName(row.username),
          winAmount: row.payoutMinor.toString(),
          iconUrl: gameArtPath(row.nodeId),
          gameId: row.gameId.toString(),
          nodeId: row.nodeId.toString(),
          gameName: displayNameOf(row.displayNames, row.gameName, query.language),
          vassalage: row.vendorCode,
          settledAt: row.settledAt?.toISOString() ?? '',
        }),
      );
      const answer = Buffer.from(JSON.stringify(ok(winners)));
      answers.set(key, { answer, until: now() + BOARD_TTL_MS });
      return answer;
    },
    clear: () => answers.clear(),
  };
}
export type WinnerBoard = ReturnType<typeof createWinnerBoard>;
