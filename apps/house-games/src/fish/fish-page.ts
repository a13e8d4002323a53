import type { GameSession } from '../play/game-sessions.ts';
import { FISH_BETS_MINOR, FISH_RTP_PERCENT, FISH_SPECIES } from './fish-species.ts';

/** The fishing shooter's page: fish.js draws the sea on a canvas and fires at what the player taps. */
export function renderFishPage(session: GameSession): string {
  const config = { sessionId: session.id, demo: session.demo, bets: FISH_BETS_MINOR, species: FISH_SPECIES };
  const legend = FISH_SPECIES.map(
    (fish) => `<li><i style="background:${fish.color}"></i>${fish.name}<b>×${fish.multiplier}</b></li>`,
  ).join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Ocean Hunter · Fortuna Originals</title><link rel="stylesheet" href="/assets/fish.css"></head>
<body><main class="fish">
<header><h1>Ocean Hunter</h1><div class="badges">${session.demo ? '<span class="badge demo">DEMO · play money</span>' : ''}<span class="badge">RTP ${FISH_RTP_PERCENT.toFixed(2)}%</span></div></header>
<section class="sea"><canvas id="sea" width="1280" height="720" aria-label="The sea: tap a fish to shoot"></canvas><div class="toast" id="toast" hidden></div></section>
<section class="panel">
<div class="meter"><span>BALANCE</span><strong id="balance">—</strong></div>
<div class="bet"><button type="button" id="bet-down" aria-label="Lower bet">−</button><div class="meter"><span>BET PER SHOT</span><strong id="bet">—</strong></div><button type="button" id="bet-up" aria-label="Raise bet">+</button></div>
<div class="meter"><span>LAST WIN</span><strong id="win">0.00</strong></div>
</section>
<p class="message" id="message" role="status" aria-live="polite">Tap a fish to shoot. A catch pays the bet × the fish's multiplier.</p>
<ul class="legend">${legend}</ul>
</main><script id="config" type="application/json">${JSON.stringify(config)}</script><script src="/assets/money.js" defer></script><script src="/assets/fish.js" defer></script></body></html>`;
}
