import { escapeHtml } from '../play/game-page.ts';
import type { GameSession } from '../play/game-sessions.ts';
import { boardTextOf } from './board-text.ts';
import { fastGameOf } from './draw-calendar.ts';
import { lotteryGameOf } from './lottery-games.ts';
import { backLinkOf } from './lottery-lobby-page.ts';
import { vnGameOf } from './vn-calendar.ts';

/** JSON inside a script element: nothing in it can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * What the board's script needs to know of its game (ADR 050, 062): its family, a fast draw's
 * minutes, and whether its results are external facts (a Vietnam region: read from the regional
 * draws call, shown with their source, no seed hash and no verify link) or drawn by us.
 */
export interface BoardGame {
  code: string;
  family: keyof ReturnType<typeof boardTextOf>['families'];
  minutes: number | null;
  regional: boolean;
}

export function boardGameOf(code: string): BoardGame | undefined {
  const game = lotteryGameOf(code);
  if (!game) return undefined;
  return {
    code,
    family: game.kind,
    minutes: fastGameOf(code)?.minutes ?? null,
    regional: vnGameOf(code) !== undefined,
  };
}

/**
 * The betting board of a lottery game (ADR 050; the regional and SEA draws, ADR 062) for the
 * platform's game frame: lottery.js fills it from the board, draws and slips calls of the session.
 * The words are the launch's language.
 */
export function renderLotteryPage(game: BoardGame, session: GameSession): string {
  const text = boardTextOf(session.lang);
  const family = text.families[game.family];
  const title = game.minutes === null ? family : `${family} · ${game.minutes} ${text.minutes}`;
  const config = { sessionId: session.id, demo: session.demo, game, text };
  return `<!doctype html>
<html lang="${session.lang.toUpperCase() === 'TY' ? 'tl' : 'en'}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Fortuna Originals</title><link rel="stylesheet" href="/assets/lottery.css"></head>
<body class="family-${escapeHtml(game.family)}${game.regional ? ' regional' : ''}${session.device === 'MOBILE' ? ' device-mobile' : ''}"><main class="board">
<header class="top">${backLinkOf(session)}<h1>${escapeHtml(title)}</h1>
<div class="meter"><span>${escapeHtml(text.balance)}</span><strong id="balance">…</strong></div></header>
<section class="draw-bar" aria-live="polite"><div><span class="label">${escapeHtml(text.draw)}</span> <strong id="draw-code">—</strong></div>
<div class="countdown"><span class="label" id="countdown-label">${escapeHtml(text.noDraw)}</span> <strong id="countdown"></strong></div>
<div class="hash"${game.regional ? ' hidden' : ''}><span class="label">${escapeHtml(text.seedHash)}</span> <code id="seed-hash"></code></div></section>
<div class="columns">
<section class="picker" aria-labelledby="picker-title"><h2 id="picker-title">${escapeHtml(text.betTypes)}</h2>
<div class="bet-types" id="bet-types" role="tablist"></div>
<p class="odds" id="odds"></p>
<h3>${escapeHtml(text.pick)}</h3><div id="pick"></div>
<div class="stake-row"><label>${escapeHtml(text.stake)} <input id="stake" inputmode="decimal" autocomplete="off"></label><small id="limits"></small></div>
<div class="actions"><button type="button" id="quick-pick" class="ghost">${escapeHtml(text.quickPick)}</button><button type="button" id="clear" class="ghost">${escapeHtml(text.clear)}</button><button type="button" id="add" class="primary">${escapeHtml(text.addToSlip)}</button></div>
</section>
<section class="slip" aria-labelledby="slip-title"><h2 id="slip-title">${escapeHtml(text.slip)}</h2>
<ol id="slip-bets"></ol><p class="empty" id="slip-empty">${escapeHtml(text.slipEmpty)}</p>
<div class="total"><span>${escapeHtml(text.total)}</span><strong id="slip-total">0.00</strong></div>
<button type="button" id="place" class="primary" disabled>${escapeHtml(text.place)}</button>
<p class="message" id="message" role="status" aria-live="polite"></p></section>
</div>
<section class="mine" aria-labelledby="mine-title"><h2 id="mine-title">${escapeHtml(text.myBets)}</h2><div id="my-bets"></div></section>
<section class="results" aria-labelledby="results-title"><h2 id="results-title">${escapeHtml(text.results)}</h2>
<div class="trend" id="trend"></div><ol class="draws" id="draws"></ol></section>
</main><script id="config" type="application/json">${scriptJson(config)}</script><script src="/assets/money.js" defer></script><script src="/assets/lottery.js" defer></script></body></html>`;
}
