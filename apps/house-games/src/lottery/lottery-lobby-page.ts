import { escapeHtml } from '../play/game-page.ts';
import type { GameSession } from '../play/game-sessions.ts';
import { boardTextOf } from './board-text.ts';
import type { DailyGame } from './daily-calendar.ts';
import { fastGameOf } from './draw-calendar.ts';
import { lobbyTextOf } from './lobby-text.ts';
import { gamesOfArea, type LotteryArea } from './lottery-areas.ts';
import { seaGameOf } from './sea-calendar.ts';
import { vnGameOf } from './vn-calendar.ts';

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_match, key: string) => values[key] ?? '');

const clockOf = (game: DailyGame) =>
  `${String(Math.floor(game.drawMinute / 60)).padStart(2, '0')}:${String(game.drawMinute % 60).padStart(2, '0')}`;

/** A game's name and when it draws, in the launch's language. */
function describe(code: string, lang: string): { name: string; schedule: string } {
  const board = boardTextOf(lang);
  const lobby = lobbyTextOf(lang);
  const fast = fastGameOf(code);
  if (fast)
    return {
      name: `${board.families[fast.family]} · ${fast.minutes} ${board.minutes}`,
      schedule: fill(lobby.every, { minutes: String(fast.minutes) }),
    };
  const daily = vnGameOf(code) ?? seaGameOf(code);
  if (!daily) throw new Error(`no lottery game ${code}`);
  const family = 'region' in daily ? daily.region : daily.family;
  return { name: board.families[family], schedule: fill(lobby.daily, { time: clockOf(daily) }) };
}

/** The Back link of a lottery page, to the platform's page (the whole window) or to this lobby (the frame). */
export function backLinkOf(session: GameSession): string {
  if (!session.backUrl) return '';
  const label = lobbyTextOf(session.lang).back;
  // The platform's page replaces the lobby's whole window; the lottery's own lobby stays in the frame.
  const target = session.backUrl.startsWith('/') ? '' : ' target="_top" rel="noopener"';
  return `<a class="back" href="${escapeHtml(session.backUrl)}"${target}>${escapeHtml(label)}</a>`;
}

/**
 * The lobby view of a lottery launch (spec 7.3 lottoView lobby, ADR 069): the draws of the launched
 * game's area, each opening its betting board in this frame for the same player and prize mode.
 */
export function renderLotteryLobbyPage(area: LotteryArea, session: GameSession): string {
  const lobby = lobbyTextOf(session.lang);
  const rows = gamesOfArea(area)
    .map((code) => {
      const { name, schedule } = describe(code, session.lang);
      const href = `/lottery/sessions/${session.id}/games/${code}`;
      return `<li data-game="${escapeHtml(code)}"><span><strong>${escapeHtml(name)}</strong><small>${escapeHtml(schedule)}</small></span><a class="primary" href="${escapeHtml(href)}">${escapeHtml(lobby.bet)}</a></li>`;
    })
    .join('');
  const device = session.device === 'MOBILE' ? ' class="device-mobile"' : '';
  return `<!doctype html>
<html lang="${session.lang.toUpperCase() === 'TY' ? 'tl' : 'en'}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(lobby.areas[area])} · Fortuna Originals</title><link rel="stylesheet" href="/assets/lottery.css"></head>
<body${device}><main class="board lobby">
<header class="top">${backLinkOf(session)}<h1>${escapeHtml(lobby.areas[area])}</h1></header>
<ul class="lobby-list">${rows}</ul>
</main></body></html>`;
}
