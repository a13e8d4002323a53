import { escapeHtml } from '../play/game-page.ts';
import type { PublicDraw } from './draw-store.ts';
import type { HouseDrawNumbers } from './house-draws.ts';
import { houseFamilyOfGame } from './lottery-games.ts';
import { type ClosedTicket, closingValueOf, verifyDraw } from './verifiable-draw.ts';

const shown = (numbers: HouseDrawNumbers) =>
  'numbers' in numbers
    ? numbers.numbers.join(' ')
    : 'order' in numbers
      ? numbers.order.join(' › ')
      : numbers.digits.join('');

/** "2026-11-26 21:19:00 UTC": the instant without the ISO form's T, Z and milliseconds. */
const utc = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;

const verdict = (ok: boolean, yes: string, no: string) =>
  ok ? `<strong class="ok">✓ ${yes}</strong>` : `<strong class="bad">✗ ${no}</strong>`;

/** The published closed list, one row per ticket, in the order its hash takes them. */
const ticketTable = (tickets: readonly ClosedTicket[]) =>
  tickets.length === 0
    ? '<p id="closed-list">No ticket was in play at the close: the closing value is the hash of the draw’s code alone.</p>'
    : `<details id="closed-list"><summary>The closed ticket list (${tickets.length})</summary>
<table><tr><th>Ticket</th><th>Bet type</th><th>Selection</th><th>Stake (minor units)</th></tr>
${tickets.map((t) => `<tr><td>${escapeHtml(t.ticketId)}</td><td>${escapeHtml(t.betType)}</td><td>${escapeHtml(t.selection)}</td><td>${t.stakeMinor}</td></tr>`).join('\n')}
</table></details>`;

function drawnPart(draw: PublicDraw): string {
  const family = houseFamilyOfGame(draw.gameCode);
  if (draw.state === 'VOID')
    return '<p id="status">This draw was voided by the operators before it was drawn: it has no numbers, every stake on it is refunded, and its seed is never used.</p>';
  if (draw.state === 'SETTLING' && draw.drawnAt)
    return `<p id="status">Drawn at <time>${escapeHtml(utc(draw.drawnAt))}</time>, settling: the numbers, the closed ticket list and the seed are shown once every ticket of the draw is settled.</p>`;
  if (!family || !draw.seed || !draw.seedHash || !draw.closingValue || !draw.numbers || !draw.closedTickets)
    return `<p id="status">Not drawn yet: betting closes at <time>${escapeHtml(utc(draw.closesAt))}</time>; the seed is revealed once the draw is made and settled.</p>`;
  const listMatches = closingValueOf(draw.drawCode, draw.closedTickets) === draw.closingValue;
  const check = verifyDraw({
    family,
    seed: draw.seed,
    publishedHash: draw.seedHash,
    closingValue: draw.closingValue,
    // A fast or SEA draw: its numbers are ours.
    publishedNumbers: draw.numbers as HouseDrawNumbers,
  });
  const query = new URLSearchParams({
    family,
    seed: draw.seed,
    closingValue: draw.closingValue,
  });
  return `<dl>
<dt>Revealed seed</dt><dd><code id="seed">${escapeHtml(draw.seed)}</code></dd>
<dt>Closing value (SHA-256 of the closed ticket list)</dt><dd><code id="closing-value">${escapeHtml(draw.closingValue)}</code></dd>
<dt>Published numbers</dt><dd id="numbers">${escapeHtml(shown(draw.numbers as HouseDrawNumbers))}</dd>
<dt>Recomputed here</dt><dd id="recomputed">${escapeHtml(shown(check.numbers))}</dd>
</dl>
${ticketTable(draw.closedTickets)}
<p id="list-check">${verdict(listMatches, 'SHA-256 of the draw’s code and the closed ticket list above equals the closing value', 'the closed ticket list does not give the closing value')}</p>
<p id="hash-check">${verdict(check.hashMatches, 'SHA-256 of the seed equals the hash published before the draw', 'the seed does not match the published hash')}</p>
<p id="numbers-check">${verdict(check.numbersMatch, 'the numbers recompute from the seed and the closing value', 'the numbers do not recompute')}</p>
<p>The same check as data: <a href="/lottery/verify?${escapeHtml(query.toString())}">/lottery/verify</a>.</p>`;
}

/** The public verify page of one house draw (ADR 040): what was published, what was revealed, and the check. */
export function drawVerifyPage(draw: PublicDraw | undefined, problem?: string): string {
  const body = problem
    ? `<p class="bad" id="problem">${escapeHtml(problem)}</p>`
    : draw && draw.seedHash === null
      ? `<h2>${escapeHtml(draw.drawCode)}</h2>
<p id="status">A Vietnam regional draw is not drawn by us: its result is an external fact, entered by one operator and confirmed by another, and shown with their names beside it. There is no seed to verify.</p>`
      : draw
        ? `<h2>${escapeHtml(draw.drawCode)}</h2>
<dl><dt>Betting</dt><dd><time>${escapeHtml(utc(draw.opensAt))}</time> – <time>${escapeHtml(utc(draw.closesAt))}</time></dd>
<dt>Seed hash published when the draw opened</dt><dd><code id="seed-hash">${escapeHtml(draw.seedHash ?? '')}</code></dd></dl>
${drawnPart(draw)}`
        : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Verify a lottery draw · Fortuna Originals</title>
<style>body{font-family:system-ui,sans-serif;background:#12101c;color:#eee;max-width:980px;margin:auto;padding:20px}
dt{color:#c9a14a;margin-top:10px}dd{margin:4px 0 0}code{word-break:break-all}.ok{color:#8fe39a}.bad{color:#ff8f8f}
a{color:#c9a14a}table{border-collapse:collapse;margin-top:8px}td,th{padding:2px 10px 2px 0;text-align:left;vertical-align:top;overflow-wrap:anywhere}th{overflow-wrap:normal}</style></head><body>
<h1>Verify a lottery draw</h1>
<p>Each draw's secret seed is committed by its SHA-256 when the draw opens, before any ticket. When betting
closes, the closing value is fixed: the SHA-256 of the draw's code (as a JSON string) and the closed ticket list, one
JSON array <code>[ticket, bet type, selection, stake]</code> per line in ticket order, joined by newlines; the list is
published with the draw. A draw's result is shown once every ticket of it is settled. The numbers are read from
HMAC-SHA256 keyed by the seed (its hex text) over <code>closingValue:0:cursor</code>, eight big-endian
32-bit words a block; a number below <i>n</i> is a word below the largest multiple of <i>n</i> under 2<sup>32</sup>,
taken mod <i>n</i> (other words are skipped). Keno and the race shuffle 1–80 and 1–10 from the front
(place <i>i</i> swaps with place <i>i</i> + a number below the places left); 3D, 5D and the SEA 2D and 3D draws take a number below 10 per digit.</p>
${body}</body></html>`;
}
