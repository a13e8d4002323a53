import type { GameSession } from '../play/game-sessions.ts';
import { formatMinor } from '../play/money.ts';
import { CRASH_GROWTH_PER_SECOND, CRASH_RETURN } from './crash-point.ts';
import { CRASH_BETS_MINOR } from './crash-table.ts';

/** The crash game's page; crash.js polls the shared table and draws the rocket's curve. */
export function renderCrashPage(session: GameSession): string {
  const config = {
    sessionId: session.id,
    demo: session.demo,
    bets: CRASH_BETS_MINOR,
    growth: CRASH_GROWTH_PER_SECOND,
  };
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Rocket Crash · Fortuna Originals</title><link rel="stylesheet" href="/assets/crash.css"></head>
<body><main class="crash">
<header><h1>Rocket Crash</h1><div class="badges">${session.demo ? '<span class="badge demo">DEMO · play money</span>' : ''}<span class="badge">RTP ${(CRASH_RETURN * 100).toFixed(2)}%</span></div></header>
<ol class="history" id="history" aria-label="Last crash points"></ol>
<section class="sky" id="sky"><svg viewBox="0 0 1000 500" preserveAspectRatio="none" aria-hidden="true"><defs><linearGradient id="trail" x1="0" x2="1"><stop offset="0" stop-color="#ff3d7f" stop-opacity=".1"/><stop offset="1" stop-color="#ffb347"/></linearGradient></defs><path id="curve" d="" fill="none" stroke="url(#trail)" stroke-width="6"/><g id="rocket"><path d="M0-12L26 0 0 12 6 0z" fill="#ffd166"/><circle r="5" cx="12" fill="#3dd6ff"/><path d="M0-6l-18 6 18 6z" fill="#ff5d3d"/></g></svg>
<div class="big" id="big">1.00×</div><div class="phase" id="phase">Connecting…</div></section>
<section class="panel">
<div class="meter"><span>BALANCE</span><strong id="balance">—</strong></div>
<label>Bet <select id="bet">${CRASH_BETS_MINOR.map((bet) => `<option value="${bet}">${formatMinor(bet)}</option>`).join('')}</select></label>
<label>Auto cash-out × <input id="auto" inputmode="decimal" placeholder="e.g. 2.00"></label>
<button type="button" id="action" class="action">BET</button>
</section>
<p class="message" id="message" role="status" aria-live="polite"></p>
<section class="players"><h2>This round</h2><table><tbody id="players"></tbody></table>
<p class="fair">Round seed hash <code id="hash"></code> — revealed after the crash; crash point = ⌊97 / (1 − u)⌋ / 100 with u from HMAC-SHA256(seed, "crash:&lt;round&gt;:0").</p></section>
</main><script id="config" type="application/json">${JSON.stringify(config)}</script><script src="/assets/money.js" defer></script><script src="/assets/crash.js" defer></script></body></html>`;
}
