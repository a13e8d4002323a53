// The betting board of a lottery game (src/lottery/lottery-page.ts, ADR 050, 062): the open draw
// and its countdown, a picker per bet type, the slip (placed whole or not at all), my bets, the
// results. A regional draw's results are external facts: shown with their source, never a verify link.
const config = JSON.parse(document.getElementById('config').textContent);
const text = config.text;
const session = `/lottery/sessions/${config.sessionId}`;
const $ = (id) => document.getElementById(id);
const fill = (template, values) => template.replace(/\{(\w+)\}/g, (_, key) => String(values[key]));
const escapeHtml = (value) =>
  String(value).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  );
const DIGITS = { '3d': 3, '5d': 5, 'sea-2d': 2, 'sea-3d': 3 };
const regional = config.game.regional;
const pad2 = (n) => String(n).padStart(2, '0');

const state = { board: null, betType: null, picks: [], slip: [], draws: [], openDraw: null, slips: [] };

/** How a bet type's numbers are picked: a set from a pool (keno) or one choice per slot. */
function pickerOf(betType) {
  const range = (low, high) => Array.from({ length: high - low + 1 }, (_, i) => low + i);
  if (betType.startsWith('keno-pick-')) return { set: Number(betType.slice(-1)), choices: range(1, 80) };
  const slot = (label, choices, names) => ({ label, choices, names });
  // Lô and đề name one two-digit number, xiên 2–4 a set of them; 3 càng one number 000–999, its digits picked.
  const twoDigits = { choices: range(0, 99), names: range(0, 99).map(pad2) };
  if (betType === 'lo2' || betType === 'de') return { set: 1, ...twoDigits };
  if (betType.startsWith('xien')) return { set: Number(betType.slice(4)), ...twoDigits };
  if (betType === '3cang')
    return {
      joined: true,
      slots: [text.slots.hundreds, text.slots.tens, text.slots.units].map((label) =>
        slot(label, range(0, 9)),
      ),
    };
  const digits = DIGITS[config.game.family];
  if (betType === 'straight')
    return { slots: range(1, digits).map((n) => slot(`${text.slots.position} ${n}`, range(0, 9))) };
  if (betType === 'position')
    return { slots: [slot(text.slots.position, range(1, digits)), slot(text.slots.digit, range(0, 9))] };
  if (betType === 'big-small') return { slots: [slot('', [0, 1], text.sides)] };
  if (betType === 'race-position')
    return { slots: [slot(text.slots.runner, range(1, 10)), slot(text.slots.place, range(1, 10))] };
  return {
    distinct: true,
    slots: [slot(text.slots.first, range(1, 10)), slot(text.slots.second, range(1, 10))],
  };
}

const typeName = (betType) => text.betTypeNames[betType] ?? betType;
const picker = () => pickerOf(state.betType);
const needed = () => picker().set ?? picker().slots.length;
const chosen = () => state.picks.filter((pick) => pick !== null && pick !== undefined);

function oddsText(odds) {
  const times = (pays) => `×${(pays / odds.per).toLocaleString('en-US', { maximumFractionDigits: 4 })}`;
  if (odds.kind === 'per-hit') return `${text.pays} ${times(odds.pays)}`;
  return `${text.pays} ${odds.paysByMatches
    .map((pays, hits) => (pays > 0 ? `${hits}: ${times(pays)}` : null))
    .filter(Boolean)
    .join(' · ')}`;
}

function selectionText(betType, selection) {
  if (betType === 'big-small') return text.sides[selection[0]];
  if (betType === 'straight') return selection.join('');
  if (betType === 'position') return `${text.slots.position} ${selection[0]} = ${selection[1]}`;
  if (betType === 'race-position')
    return `${text.slots.runner} ${selection[0]} → ${text.slots.place} ${selection[1]}`;
  if (betType === 'race-exacta') return `${selection[0]} – ${selection[1]}`;
  if (betType === '3cang') return String(selection[0]).padStart(3, '0');
  if (regional)
    return [...selection]
      .sort((a, b) => a - b)
      .map(pad2)
      .join(', ');
  return [...selection].sort((a, b) => a - b).join(', ');
}

function renderBetTypes() {
  $('bet-types').innerHTML = state.board.betTypes
    .map(
      (type) =>
        `<button type="button" role="tab" data-bet-type="${type.betType}" aria-selected="${type.betType === state.betType}">${escapeHtml(typeName(type.betType))}</button>`,
    )
    .join('');
  const type = state.board.betTypes.find((entry) => entry.betType === state.betType);
  $('odds').textContent = oddsText(type.odds);
  $('limits').textContent = fill(text.limits, { min: money(type.minMinor), max: money(type.maxMinor) });
}

function renderPicker() {
  const spec = picker();
  const chip = (value, on, slot, name) =>
    `<button type="button" class="chip${on ? ' on' : ''}" data-slot="${slot}" data-value="${value}" aria-pressed="${on}">${escapeHtml(name ?? value)}</button>`;
  if (spec.set) {
    $('pick').innerHTML =
      `<div class="grid keno">${spec.choices.map((n, i) => chip(n, state.picks.includes(n), -1, spec.names?.[i])).join('')}</div>`;
    return;
  }
  $('pick').innerHTML = spec.slots
    .map(
      (slot, index) =>
        `<div class="slot">${slot.label ? `<span class="slot-label">${escapeHtml(slot.label)}</span>` : ''}<div class="grid${slot.choices.length === 10 ? ' digits' : ''}">${slot.choices
          .map((n, i) => chip(n, state.picks[index] === n, index, slot.names?.[i]))
          .join('')}</div></div>`,
    )
    .join('');
}

function chooseBetType(betType) {
  state.betType = betType;
  state.picks = [];
  const type = state.board.betTypes.find((entry) => entry.betType === betType);
  const stake = Number($('stake').value.replace(/,/g, ''));
  if (!(stake * 100 >= type.minMinor && stake * 100 <= type.maxMinor))
    $('stake').value = money(Math.min(Math.max(1_000, type.minMinor), type.maxMinor));
  renderBetTypes();
  renderPicker();
}

function toggle(slot, value) {
  const spec = picker();
  if (slot < 0) {
    if (state.picks.includes(value)) state.picks = state.picks.filter((n) => n !== value);
    else if (state.picks.length < spec.set) state.picks = [...state.picks, value];
  } else {
    state.picks[slot] = state.picks[slot] === value ? null : value;
  }
  renderPicker();
}

/** Random picks for the bet type; for a whole slip a player still presses "Add to slip". */
function quickPick() {
  const spec = picker();
  const random = (choices) => choices[Math.floor(Math.random() * choices.length)];
  if (spec.set) {
    const pool = [...spec.choices];
    state.picks = Array.from(
      { length: spec.set },
      () => pool.splice(Math.floor(Math.random() * pool.length), 1)[0],
    );
  } else {
    state.picks = [];
    for (const slot of spec.slots) {
      let value = random(slot.choices);
      while (spec.distinct && state.picks.includes(value)) value = random(slot.choices);
      state.picks.push(value);
    }
  }
  renderPicker();
}

function say(message, kind = 'info') {
  $('message').textContent = message;
  $('message').className = `message ${kind}`;
}

function addToSlip() {
  if (chosen().length !== needed()) return say(fill(text.needPick, { count: needed() }), 'error');
  const stakeMinor = Math.round(Number($('stake').value.replace(/,/g, '')) * 100);
  const selection = picker().joined ? [Number(state.picks.join(''))] : [...state.picks];
  state.slip.push({ betType: state.betType, selection, stakeMinor });
  state.picks = [];
  renderPicker();
  renderSlip();
  say('');
}

function renderSlip() {
  $('slip-bets').innerHTML = state.slip
    .map(
      (bet, index) =>
        `<li><span class="what"><b>${escapeHtml(typeName(bet.betType))}</b> ${escapeHtml(selectionText(bet.betType, bet.selection))}</span><span class="amount">${money(bet.stakeMinor)}</span><button type="button" class="remove" data-remove="${index}" aria-label="${escapeHtml(text.remove)}">×</button></li>`,
    )
    .join('');
  $('slip-empty').hidden = state.slip.length > 0;
  $('slip-total').textContent = money(state.slip.reduce((sum, bet) => sum + bet.stakeMinor, 0));
  $('place').disabled = state.slip.length === 0 || !state.openDraw || config.demo;
}

/** The desk names the first wrong bet (body.bets.1.stakeMinor): say which one in the player's words. */
function refusal(answer) {
  const match = /^body\.bets\.(\d+)\.\w+: (.*)$/.exec(answer.message ?? '');
  if (!match) return answer.message ?? answer.code;
  const index = Number(match[1]);
  const bet = state.slip[index];
  return `${fill(text.betLabel, { n: index + 1 })}${bet ? ` (${typeName(bet.betType)})` : ''}: ${match[2]}`;
}

async function placeSlip() {
  if (!state.openDraw || state.slip.length === 0) return;
  $('place').disabled = true;
  try {
    const response = await fetch(`${session}/slips`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ drawCode: state.openDraw.drawCode, bets: state.slip }),
    });
    const answer = await response.json();
    if (!answer.success) return say(refusal(answer), 'error');
    state.slip = [];
    renderSlip();
    say(fill(text.placed, { draw: answer.value.drawCode }), 'ok');
    await Promise.all([refreshSlips(), refreshBalance()]);
  } catch {
    say(text.unavailable, 'error');
  } finally {
    renderSlip();
  }
}

async function cancelSlip(slipId) {
  const answer = await (await fetch(`${session}/slips/${slipId}/cancel`, { method: 'POST' })).json();
  say(answer.success ? text.cancelled : refusal(answer), answer.success ? 'ok' : 'error');
  await Promise.all([refreshSlips(), refreshBalance()]);
}

async function refreshBalance() {
  const answer = await (await fetch(`/api/sessions/${config.sessionId}`)).json();
  if (answer.success && answer.value.balanceMinor !== null)
    $('balance').textContent = `${money(answer.value.balanceMinor)} ${answer.value.currency ?? ''}`;
}

const clock = (at) => new Date(at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/**
 * When a draw closes, in the player's clock: a fast draw's code ends with its closing minute in
 * UTC; a daily draw's (regional, SEA) with its day, and its close is read from the draws listed.
 */
const closeTime = (drawCode) => {
  const listed = state.draws.find((draw) => draw.drawCode === drawCode);
  const fast = /(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(drawCode);
  if (fast && !listed) {
    const at = Date.UTC(fast[1], fast[2] - 1, fast[3], fast[4], fast[5]);
    return { at, text: clock(at) };
  }
  const at = listed ? Date.parse(listed.closesAt) : 0;
  const day = /(\d{4})(\d{2})(\d{2})$/.exec(drawCode);
  return { at, text: listed || !day ? clock(at) : `${day[3]}/${day[2]}` };
};
/** A daily draw is named by its day, a fast draw by its closing time. */
const drawName = (draw) =>
  config.game.minutes === null
    ? new Date(Date.parse(draw.closesAt)).toLocaleDateString([], { day: '2-digit', month: '2-digit' })
    : closeTime(draw.drawCode).text;

/**
 * A ticket's prize-mode rebate, paid with its slip's settlement whatever the result (none in ELOTT).
 * A slip that ends without settlement (cancelled, voided, refused) pays none: its stake came back.
 */
const PAYS_REBATE = new Set(['PENDING', 'PLACED', 'SETTLED']);
const rebateText = (slip, ticket) =>
  ticket.rebateMinor > 0 && PAYS_REBATE.has(slip.status)
    ? fill(text.rebate, { amount: money(ticket.rebateMinor) })
    : '';

/**
 * A stake or payout cell: on a phone my bets drop their header row (lottery.css), so the cell
 * names itself there from data-label.
 */
const amountCell = (label, amount, className = '') =>
  `<td class="${className}" data-label="${escapeHtml(label)}">${amount}</td>`;

/** Each bet of a slip under it: what was picked, at the odds it was placed at, what it paid and its rebate. */
const ticketRows = (slip) =>
  (slip.tickets ?? [])
    .map(
      (ticket) =>
        `<tr class="ticket-row"><td><b>${escapeHtml(typeName(ticket.betType))}</b> ${escapeHtml(selectionText(ticket.betType, ticket.selection))}</td>${amountCell(text.stake, money(ticket.stakeMinor), 'stake')}<td class="odds">${escapeHtml(oddsText(ticket.odds))}</td>${ticket.payoutMinor === null ? '<td class="payout"></td>' : amountCell(text.payout, money(ticket.payoutMinor), 'payout')}<td class="rebate">${escapeHtml(rebateText(slip, ticket))}</td></tr>`,
    )
    .join('');

/** A corrected result's compensating credit or debit, beside the settlement it never edits. */
const correctionRows = (slip) =>
  (slip.corrections ?? [])
    .map((correction) => {
      const sign = correction.direction === 'CREDIT' ? '+' : '−';
      const state =
        correction.status === 'PENDING'
          ? ` · ${text.correctionPending}`
          : correction.status === 'REFUSED'
            ? ` · ${text.correctionRefused}`
            : '';
      return `<tr class="correction-row correction-${correction.direction.toLowerCase()}"><td colspan="5">${escapeHtml(fill(text.correction, { amount: `${sign}${money(correction.amountMinor)}`, reason: correction.reason }))}${escapeHtml(state)}</td></tr>`;
    })
    .join('');

/**
 * My bets are polled every 2 s: the table is replaced only when what it shows changed, so a Cancel
 * button is not swapped for a copy of itself while the player presses it.
 */
let shownMyBets = '';
function renderMyBets() {
  const html = myBetsHtml();
  if (html === shownMyBets) return;
  $('my-bets').innerHTML = html;
  shownMyBets = html;
}

function myBetsHtml() {
  const mine = state.slips.filter((slip) => slip.gameCode === config.game.code);
  if (mine.length === 0) return `<p class="empty">${escapeHtml(text.noBets)}</p>`;
  return `<table><thead><tr><th>${escapeHtml(text.draw)}</th><th>${escapeHtml(text.stake)}</th><th></th><th>${escapeHtml(text.payout)}</th><th></th></tr></thead><tbody>${mine
    .map((slip) => {
      const open = slip.status === 'PLACED' && closeTime(slip.drawCode).at > Date.now();
      const listed = state.draws.find((draw) => draw.drawCode === slip.drawCode);
      return `<tr class="slip-row status-${slip.status.toLowerCase()}" data-slip="${slip.slipId}"><td>${escapeHtml(listed ? drawName(listed) : closeTime(slip.drawCode).text)}</td>${amountCell(text.stake, money(slip.stakeMinor), 'stake')}<td><span class="status">${escapeHtml(text.status[slip.status] ?? slip.status)}</span></td>${slip.status === 'SETTLED' ? amountCell(text.payout, money(slip.payoutMinor ?? 0), 'payout') : '<td class="payout"></td>'}<td class="cancel">${open ? `<button type="button" class="ghost small" data-cancel="${slip.slipId}">${escapeHtml(text.cancel)}</button>` : ''}</td></tr>${ticketRows(slip)}${correctionRows(slip)}`;
    })
    .join('')}</tbody></table>`;
}

async function refreshSlips() {
  const answer = await (await fetch(`${session}/slips`)).json();
  if (!answer.success) return;
  const before = JSON.stringify(state.slips.map((slip) => slip.status));
  state.slips = answer.value.slips;
  renderMyBets();
  if (before !== JSON.stringify(state.slips.map((slip) => slip.status))) await refreshBalance();
}

/** The numbers a draw shows, and the values the trend counts. */
function resultOf(numbers) {
  if (numbers.family === 'keno')
    return { shown: [...numbers.numbers].sort((a, b) => a - b), counted: numbers.numbers };
  if (numbers.family === 'race') return { shown: numbers.order, counted: [numbers.order[0]] };
  if (numbers.family === 'vn') {
    // The special prize shown; the trend counts every prize's last two digits, what lô bets on.
    const all = Object.values(numbers.prizes).flat();
    return { shown: numbers.prizes.DB ?? [], counted: all.map((prize) => Number(prize.slice(-2))) };
  }
  return { shown: numbers.digits, counted: numbers.digits };
}

function renderResults() {
  const settled = state.draws.filter((draw) => draw.state === 'SETTLED' && draw.numbers);
  $('draws').innerHTML =
    settled
      .map((draw) => {
        const balls = resultOf(draw.numbers)
          .shown.map((n) => `<span class="ball">${n}</span>`)
          .join('');
        const when = `<span class="when">${escapeHtml(drawName(draw))}</span>`;
        if (regional)
          return `<li data-draw="${draw.drawCode}">${when}<span class="balls">${balls}</span>${regionalDetails(draw)}</li>`;
        return `<li data-draw="${draw.drawCode}">${when}<span class="balls">${balls}</span><a href="/lottery/draws/${draw.drawCode}/verify" target="_blank" rel="noopener">${escapeHtml(text.verify)}</a></li>`;
      })
      .join('') || `<li class="empty">${escapeHtml(text.noResults)}</li>`;
  $('draws').insertAdjacentHTML('afterbegin', awaitedResults() + voidedDraws());
  renderTrend(settled);
}

/** A regional result's source (who entered it, who confirmed it) and all its prizes, tier by tier. */
function regionalDetails(draw) {
  const source = draw.source
    ? `<span class="source">${escapeHtml(fill(text.source, draw.source))}</span>`
    : '';
  const tiers = Object.entries(draw.numbers.prizes)
    .map(
      ([tier, prizes]) =>
        `<tr><th>${escapeHtml(tier)}</th><td>${prizes.map(escapeHtml).join(' · ')}</td></tr>`,
    )
    .join('');
  return `${source}<details class="prizes"><summary>${escapeHtml(text.allPrizes)}</summary><table>${tiers}</table></details>`;
}

/** Regional draws past their close whose result is not shown yet: when it comes, and from whom. */
function awaitedResults() {
  if (!regional) return '';
  return state.draws
    .filter(
      (draw) => draw.state !== 'SETTLED' && draw.state !== 'VOID' && Date.parse(draw.closesAt) <= Date.now(),
    )
    .map(
      (draw) =>
        `<li class="awaited" data-awaited="${draw.drawCode}">${escapeHtml(fill(text.awaiting, { draw: drawName(draw) }))}</li>`,
    )
    .join('');
}

/** Draws the operators voided (ADR 076): shown as such, never as awaited, with no result. */
function voidedDraws() {
  return state.draws
    .filter((draw) => draw.state === 'VOID')
    .map(
      (draw) =>
        `<li class="voided" data-voided="${draw.drawCode}">${escapeHtml(fill(text.voided, { draw: drawName(draw) }))}</li>`,
    )
    .join('');
}

/** Hot and cold: the values that came most and least often in the settled draws listed. */
function renderTrend(settled) {
  if (settled.length === 0) {
    $('trend').innerHTML = '';
    return;
  }
  const family = config.game.family;
  const domain = regional ? [0, 99] : family === 'keno' ? [1, 80] : family === 'race' ? [1, 10] : [0, 9];
  const counts = new Map();
  for (let n = domain[0]; n <= domain[1]; n += 1) counts.set(n, 0);
  for (const draw of settled)
    for (const n of resultOf(draw.numbers).counted) counts.set(n, counts.get(n) + 1);
  const ranked = [...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  const most = Math.max(1, ranked[0][1]);
  const list = (entries) =>
    entries
      .map(([n, count]) => `<span class="ball" title="${count}">${regional ? pad2(n) : n}</span>`)
      .join('');
  const caption = regional ? text.trendLo : text.trend;
  $('trend').innerHTML = `<p class="caption">${escapeHtml(fill(caption, { count: settled.length }))}</p>
<div class="bars${family === 'keno' || regional ? ' dense' : ''}">${[...counts]
    .map(
      ([n, count]) =>
        `<span class="bar" style="--h:${Math.round((count / most) * 100)}%" title="${n}: ${count}"><i></i><b>${n}</b></span>`,
    )
    .join('')}</div>
<div class="hot-cold"><div class="hot"><span>${escapeHtml(text.hot)}</span>${list(ranked.slice(0, 5))}</div><div class="cold"><span>${escapeHtml(text.cold)}</span>${list(ranked.slice(-5).reverse())}</div></div>`;
}

async function refreshDraws() {
  const path = regional ? '/lottery/vn/draws' : '/lottery/draws';
  const answer = await (await fetch(`${path}?game=${config.game.code}&limit=20`)).json();
  if (!answer.draws) return;
  const newestSettled = (draws) => draws.find((draw) => draw.state === 'SETTLED')?.drawCode;
  const settledBefore = newestSettled(state.draws);
  const awaitedBefore = awaitedResults() + voidedDraws();
  state.draws = answer.draws;
  state.openDraw =
    answer.draws.find((draw) => draw.state === 'UNDRAWN' && Date.parse(draw.closesAt) > Date.now()) ?? null;
  $('draw-code').textContent = state.openDraw ? drawName(state.openDraw) : '—';
  $('seed-hash').textContent = state.openDraw?.seedHash ? `${state.openDraw.seedHash.slice(0, 16)}…` : '';
  $('seed-hash').title = state.openDraw?.seedHash ?? '';
  if (settledBefore !== newestSettled(state.draws) || awaitedBefore !== awaitedResults() + voidedDraws())
    renderResults();
  renderSlip();
}

function tickCountdown() {
  const draw = state.openDraw;
  const left = draw ? Date.parse(draw.closesAt) - Date.now() : 0;
  if (left <= 0) {
    // A regional draw closes 15 minutes before it is held; its result is not ours to draw.
    const waiting =
      regional &&
      state.draws.find(
        (entry) => entry.state === 'UNDRAWN' && entry.drawAt && Date.parse(entry.drawAt) > Date.now(),
      );
    $('countdown-label').textContent = waiting
      ? fill(text.closedRegional, { time: clock(Date.parse(waiting.drawAt)) })
      : draw
        ? text.closed
        : text.noDraw;
    $('countdown').textContent = '';
    if (draw) state.openDraw = null;
    renderSlip();
    return;
  }
  const seconds = Math.ceil(left / 1000);
  const hours = Math.floor(seconds / 3600);
  $('countdown-label').textContent = text.closesIn;
  $('countdown').textContent =
    `${hours > 0 ? `${hours}:` : ''}${String(Math.floor(seconds / 60) % 60).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
  if (draw.drawAt) $('countdown').title = fill(text.drawAt, { time: clock(Date.parse(draw.drawAt)) });
}

document.addEventListener('click', (event) => {
  const target = event.target.closest('button');
  if (!target) return;
  if (target.dataset.betType) chooseBetType(target.dataset.betType);
  else if (target.dataset.value !== undefined)
    toggle(Number(target.dataset.slot), Number(target.dataset.value));
  else if (target.dataset.remove !== undefined) {
    state.slip.splice(Number(target.dataset.remove), 1);
    renderSlip();
  } else if (target.dataset.cancel) cancelSlip(target.dataset.cancel);
});
$('quick-pick').addEventListener('click', quickPick);
$('clear').addEventListener('click', () => {
  state.picks = [];
  renderPicker();
});
$('add').addEventListener('click', addToSlip);
$('place').addEventListener('click', placeSlip);

async function start() {
  const response = await fetch(`${session}/board`);
  if (!response.ok) return say(text.unavailable, 'error');
  state.board = (await response.json()).value;
  chooseBetType(state.board.betTypes[0].betType);
  renderSlip();
  renderResults();
  if (config.demo) {
    say(text.loginToBet, 'error');
    $('add').disabled = true;
  }
  const poll = async () => {
    await Promise.all([refreshDraws(), config.demo ? null : refreshSlips()]).catch(() => {});
  };
  await Promise.all([poll(), config.demo ? null : refreshBalance()]);
  setInterval(poll, 2000);
  setInterval(tickCountdown, 250);
  tickCountdown();
}
start();
