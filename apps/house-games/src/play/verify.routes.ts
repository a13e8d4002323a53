import { createRoundRng, serverSeedHash } from '@fortuna/signing/provably-fair-rng';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { BACCARAT_GAME_CODE } from '../baccarat/baccarat-rules.ts';
import { handOf } from '../baccarat/baccarat-table.ts';
import { crashPointOf } from '../crash/crash-point.ts';
import { CLIENT_SEED_PATTERN } from '../fairness/seeds.ts';
import { FISH_GAME_CODE, type FishSpecies, fishSpeciesOf, shoot } from '../fish/fish-species.ts';
import { CRASH_GAME_CODE } from '../house-games.ts';
import { SLOT_GAMES, slotGameOf } from '../slots/slot-catalogue.ts';
import { playRound, type RoundResult, type SpinResult } from '../slots/slot-engine.ts';
import { escapeHtml } from './game-page.ts';
import { formatMinor } from './money.ts';

const CrashVerifyQuery = z.object({
  game: z.enum([CRASH_GAME_CODE, BACCARAT_GAME_CODE]),
  serverSeed: z.string().regex(/^[0-9a-f]{64}$/, 'must be the revealed round seed: 64 hex characters'),
  nonce: z.coerce.number().int('must be a whole number').min(0).max(1e12).describe('the round number'),
});

const FishVerifyQuery = z.object({
  game: z.literal(FISH_GAME_CODE),
  serverSeed: z.string().regex(/^[0-9a-f]{64}$/, 'must be the revealed server seed: 64 hex characters'),
  clientSeed: z.string().regex(CLIENT_SEED_PATTERN, 'must be 1 to 64 printable characters without ":"'),
  nonce: z.coerce.number().int('must be a whole number').min(0).max(1e12),
  species: z.string().refine((id) => fishSpeciesOf(id) !== undefined, 'must be a fish species id'),
});

const VerifyQuery = z.object({
  game: z.string().refine((code) => slotGameOf(code) !== undefined, 'must be a house game code'),
  serverSeed: z.string().regex(/^[0-9a-f]{64}$/, 'must be the revealed server seed: 64 hex characters'),
  clientSeed: z.string().regex(CLIENT_SEED_PATTERN, 'must be 1 to 64 printable characters without ":"'),
  nonce: z.coerce.number().int('must be a whole number').min(0).max(1e12),
  bet: z.coerce.number().int().optional(),
});

/** The round a seed pair and nonce decide: what /verify shows, for anyone to recompute. */
export function verifyRound(query: z.infer<typeof VerifyQuery>): { hash: string; round: RoundResult } {
  const game = slotGameOf(query.game);
  if (!game) throw new Error('unknown game');
  const bet =
    query.bet !== undefined && game.betsMinor.includes(query.bet) ? query.bet : (game.betsMinor[0] as number);
  const rng = createRoundRng(query.serverSeed, query.clientSeed, query.nonce);
  return { hash: serverSeedHash(query.serverSeed), round: playRound(game, rng, bet) };
}

function spinRows(label: string, spin: SpinResult): string {
  const window = [0, 1, 2].map((row) => spin.window.map((column) => column[row]).join(' ')).join(' / ');
  const wins = spin.lineWins.map(
    (win) => `line ${win.line + 1}: ${win.count}× ${win.symbol} = ${formatMinor(win.winMinor)}`,
  );
  if (spin.scatter.winMinor > 0)
    wins.push(`${spin.scatter.count} scatters = ${formatMinor(spin.scatter.winMinor)}`);
  if (spin.freeSpinsAwarded > 0) wins.push(`+${spin.freeSpinsAwarded} free spins`);
  return `<tr><td>${label}</td><td><code>${spin.stops.join(', ')}</code></td><td><code>${escapeHtml(window)}</code></td><td>${escapeHtml(wins.join('; ') || '—')}</td><td>${formatMinor(spin.winMinor)}</td></tr>`;
}

export async function verifyRoutes(app: FastifyInstance): Promise<void> {
  app.get('/verify', async (request, reply) => {
    const raw = request.query as Record<string, string>;
    const given = Object.keys(raw).length > 0;
    const roundSeeded = raw.game === CRASH_GAME_CODE || raw.game === BACCARAT_GAME_CODE;
    const crash = roundSeeded ? CrashVerifyQuery.safeParse(raw) : null;
    const fish = raw.game === FISH_GAME_CODE ? FishVerifyQuery.safeParse(raw) : null;
    const parsed = crash ?? fish ?? VerifyQuery.safeParse(raw);
    let result = '';
    if (fish?.success) {
      const { serverSeed, clientSeed, nonce, species } = fish.data;
      const shot = shoot(
        createRoundRng(serverSeed, clientSeed, nonce),
        fishSpeciesOf(species) as FishSpecies,
        100,
      );
      result = `<p>SHA-256 of the server seed: <code id="hash">${serverSeedHash(serverSeed)}</code></p>
<p>Roll ${shot.roll} of ${shot.multiplier * 100} (caught below 96): <strong id="shot">${shot.caught ? 'caught' : 'escaped'}</strong></p>`;
    } else if (crash?.success && crash.data.game === BACCARAT_GAME_CODE) {
      const hand = handOf(crash.data.serverSeed, crash.data.nonce);
      const cards = (list: { rank: number; suit: number }[]) =>
        list
          .map(
            (card) =>
              `${['', 'A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'][card.rank]}${'♠♥♦♣'[card.suit]}`,
          )
          .join(' ');
      result = `<p>SHA-256 of the round seed: <code id="hash">${serverSeedHash(crash.data.serverSeed)}</code></p>
<p>Round ${crash.data.nonce}: player ${cards(hand.player)} (${hand.playerTotal}), banker ${cards(hand.banker)} (${hand.bankerTotal}): <strong id="outcome">${hand.outcome}</strong></p>`;
    } else if (crash?.success) {
      result = `<p>SHA-256 of the round seed: <code id="hash">${serverSeedHash(crash.data.serverSeed)}</code></p>
<p>Round ${crash.data.nonce} crashed at <strong id="crash-point">${(crashPointOf(crash.data.serverSeed, crash.data.nonce) / 100).toFixed(2)}×</strong></p>`;
    } else if (given && !parsed.success) {
      const issues = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
      reply.status(400);
      result = `<p class="bad">${escapeHtml(issues.join('; '))}</p>`;
    } else if (parsed.success) {
      const { hash, round } = verifyRound(parsed.data as z.infer<typeof VerifyQuery>);
      result = `<p>SHA-256 of the server seed: <code id="hash">${hash}</code> — it must equal the hash shown before you played.</p>
<table><thead><tr><th>Spin</th><th>Reel stops</th><th>Window (rows top to bottom)</th><th>Wins</th><th>Win</th></tr></thead><tbody>
${spinRows('paid', round.base)}${round.freeSpins.map((spin, i) => spinRows(`free ${i + 1}`, spin)).join('')}
</tbody></table><p>Bet ${formatMinor(round.betMinor)} · total win <strong id="total-win">${formatMinor(round.winMinor)}</strong></p>`;
    }
    const value = (key: string) => escapeHtml(raw[key] ?? '');
    const options = [...SLOT_GAMES, { code: CRASH_GAME_CODE, name: 'Rocket Crash (nonce = round number)' }]
      .map(
        (game) =>
          `<option value="${game.code}"${raw.game === game.code ? ' selected' : ''}>${escapeHtml(game.name)}</option>`,
      )
      .join('');
    return reply
      .type('text/html; charset=utf-8')
      .send(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Verify a round · Fortuna Originals</title>
<style>body{font-family:system-ui,sans-serif;background:#12101c;color:#eee;max-width:980px;margin:auto;padding:20px}
input,select{background:#000;color:#eee;border:1px solid #c9a14a;border-radius:6px;padding:6px;width:100%}
label{display:block;margin:8px 0}button{background:#c9a14a;border:0;border-radius:6px;padding:8px 18px;font-weight:700}
table{border-collapse:collapse;width:100%;font-size:13px}td,th{border-bottom:1px solid #333;padding:4px;text-align:left}
code{word-break:break-all}.bad{color:#ff8f8f}</style></head><body>
<h1>Verify a round</h1>
<p>Numbers come from HMAC-SHA256 keyed by the server seed (its hex text) over <code>clientSeed:nonce:cursor</code>;
each 32-byte block gives eight big-endian 32-bit words. Reel <i>r</i> stops at a word taken uniformly over its strip
(a word at or above the largest multiple of the strip length is skipped). Free spins continue the same stream.</p>
<form method="get"><label>Game <select name="game">${options}</select></label>
<label>Server seed (revealed) <input name="serverSeed" value="${value('serverSeed')}"></label>
<label>Client seed <input name="clientSeed" value="${value('clientSeed')}"></label>
<label>Nonce <input name="nonce" value="${value('nonce')}"></label>
<label>Bet in minor units (optional) <input name="bet" value="${value('bet')}"></label>
<button>Verify</button></form>${result}</body></html>`);
  });
}
