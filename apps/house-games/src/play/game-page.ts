import type { SlotGame } from '../slots/slot-game.ts';
import { symbolSvg } from '../slots/symbol-art.ts';
import type { GameSession } from './game-sessions.ts';

export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/** JSON inside a script element: nothing in it can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** What the page's script needs: the game as the player may see it (never the server seed). */
export function publicGame(game: SlotGame) {
  return {
    code: game.code,
    name: game.name,
    tagline: game.tagline,
    rtp: game.statedRtp,
    rows: game.rows,
    reels: game.reels,
    lines: game.lines,
    betsMinor: game.betsMinor,
    freeSpins: game.freeSpins,
    symbols: game.symbols.map((symbol) => ({ ...symbol, svg: symbolSvg(game.code, symbol.id) })),
  };
}

/**
 * The slot's page for the platform's game frame; slot.js draws and plays it. Spin is served
 * disabled: the script is deferred, and a button that looks ready before its handler exists drops
 * the player's first click (render() enables it as soon as the script runs).
 */
export function renderGamePage(game: SlotGame, session: GameSession): string {
  const { theme } = game;
  const config = { sessionId: session.id, demo: session.demo, lang: session.lang, game: publicGame(game) };
  return `<!doctype html>
<html lang="${escapeHtml(session.lang.toLowerCase())}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<title>${escapeHtml(game.name)} · Fortuna Originals</title>
<link rel="stylesheet" href="/assets/slot.css">
<link rel="stylesheet" href="/assets/slot-dialogs.css">
<style>:root{--bg:${theme.background};--frame:${theme.frame};--accent:${theme.accent};--text:${theme.text};--title-font:${theme.titleFont}}</style>
</head>
<body class="game-${escapeHtml(game.code)}">
<main class="cabinet">
  <header class="top">
    <div class="brand"><h1>${escapeHtml(game.name)}</h1><p>${escapeHtml(game.tagline)}</p></div>
    <div class="badges">${session.demo ? '<span class="badge demo">DEMO · play money</span>' : ''}<span class="badge">RTP ${(game.statedRtp * 100).toFixed(2)}%</span></div>
  </header>
  <section class="stage">
    <div class="free-banner" id="free-banner" hidden>FREE SPINS <strong id="free-left">0</strong> / <span id="free-total">0</span> · ×${game.freeSpins.multiplier}</div>
    <div class="reels" id="reels" aria-label="Reels"></div>
    <svg class="lines" id="lines" viewBox="0 0 500 300" preserveAspectRatio="none" aria-hidden="true"></svg>
    <div class="win-pop" id="win-pop" hidden></div>
  </section>
  <p class="message" id="message" role="status" aria-live="polite"></p>
  <footer class="controls">
    <div class="meter"><span>BALANCE</span><strong id="balance">…</strong></div>
    <div class="bet">
      <button type="button" class="round" id="bet-down" aria-label="Lower bet">−</button>
      <div class="meter"><span>TOTAL BET</span><strong id="bet">…</strong></div>
      <button type="button" class="round" id="bet-up" aria-label="Raise bet">+</button>
    </div>
    <button type="button" class="spin" id="spin" aria-label="Spin" disabled>SPIN</button>
    <div class="meter"><span>WIN</span><strong id="win">0.00</strong></div>
    <div class="side">
      <button type="button" class="pill" id="open-paytable">Paytable</button>
      <button type="button" class="pill" id="open-fairness">Fairness</button>
    </div>
  </footer>
</main>
<dialog id="paytable" class="sheet"><form method="dialog"><button class="close" aria-label="Close">×</button></form><h2>Paytable</h2><div id="paytable-body"></div></dialog>
<dialog id="fairness" class="sheet"><form method="dialog"><button class="close" aria-label="Close">×</button></form><h2>Provably fair</h2><div id="fairness-body"></div></dialog>
<script id="config" type="application/json">${scriptJson(config)}</script>
<script src="/assets/money.js" defer></script>
<script src="/assets/slot.js" defer></script>
</body>
</html>`;
}
