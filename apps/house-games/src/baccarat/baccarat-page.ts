import type { GameSession } from '../play/game-sessions.ts';
import { formatMinor } from '../play/money.ts';
import { BACCARAT_BETS_MINOR } from './baccarat-table.ts';

/** The baccarat table's page (a dealt table game, no live dealer); baccarat.js polls the shared round and draws the cards. */
export function renderBaccaratPage(session: GameSession): string {
  const config = { sessionId: session.id, demo: session.demo, bets: BACCARAT_BETS_MINOR };
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Royal Baccarat · Fortuna Originals</title><link rel="stylesheet" href="/assets/baccarat.css"></head>
<body><main class="bac">
<header><h1>Royal Baccarat</h1><div class="badges">${session.demo ? '<span class="badge demo">DEMO · play money</span>' : ''}<span class="badge">Table game · 8 decks</span><span class="badge">RTP Banker 98.94% · Player 98.76% · Tie 85.64%</span></div></header>
<section class="felt">
<div class="timer" id="timer">…</div>
<div class="hands"><div class="hand"><h2>PLAYER <b id="ptotal"></b></h2><div class="cards" id="pcards"></div></div>
<div class="hand"><h2>BANKER <b id="btotal"></b></h2><div class="cards" id="bcards"></div></div></div>
<div class="result" id="result"></div>
</section>
<section class="spots">
<button type="button" class="spot player" data-spot="PLAYER">PLAYER<small>pays 1:1</small><em id="tot-PLAYER"></em></button>
<button type="button" class="spot tie" data-spot="TIE">TIE<small>pays 8:1</small><em id="tot-TIE"></em></button>
<button type="button" class="spot banker" data-spot="BANKER">BANKER<small>pays 0.95:1</small><em id="tot-BANKER"></em></button>
</section>
<section class="panel"><div class="meter"><span>BALANCE</span><strong id="balance">—</strong></div>
<label>Chip <select id="bet">${BACCARAT_BETS_MINOR.map((bet) => `<option value="${bet}">${formatMinor(bet)}</option>`).join('')}</select></label>
<p class="message" id="message" role="status" aria-live="polite">Pick a chip, then a spot, before the timer runs out.</p></section>
<ol class="road" id="road" aria-label="Past results"></ol>
<p class="fair">Round seed hash <code id="hash"></code>: each coup is dealt from a fresh 8-deck shoe, every card drawn uniformly from those left by HMAC-SHA256(seed, "baccarat:&lt;round&gt;:&lt;cursor&gt;"); the seed is revealed in the road once dealt.</p>
</main><script id="config" type="application/json">${JSON.stringify(config)}</script><script src="/assets/money.js" defer></script><script src="/assets/baccarat.js" defer></script></body></html>`;
}
