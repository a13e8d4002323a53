// The crash page: polls the shared table, draws the multiplier and the rocket's climb between polls,
// and sends bets and cash-outs. The table on the server decides everything.
const config = JSON.parse(document.getElementById('config').textContent);
const api = `/api/crash/${config.sessionId}`;
const $ = (id) => document.getElementById(id);
const times = (hundredths) => `${(hundredths / 100).toFixed(2)}×`;
const escapeHtml = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
let state = null;
let polledAt = 0;
let busy = false;

function message(text, tone = 'info') {
  $('message').textContent = text;
  $('message').dataset.tone = tone;
}

async function refreshBalance() {
  if (config.demo) return;
  const answer = await (await fetch(`/api/sessions/${config.sessionId}`)).json();
  if (answer.success)
    $('balance').textContent = `${money(answer.value.balanceMinor)} ${answer.value.currency ?? ''}`;
}

async function poll() {
  try {
    const answer = await (await fetch(api)).json();
    if (!answer.success) return message(answer.message, 'error');
    const before = state;
    state = answer.value;
    polledAt = performance.now();
    if (config.demo) $('balance').textContent = `${money(state.demoBalanceMinor)} FUN`;
    if (before && before.phase !== state.phase && state.phase === 'CRASHED') refreshBalance();
    renderStatic();
  } catch {
    message('Connection lost, retrying…', 'error');
  }
}

function renderStatic() {
  $('history').innerHTML = state.history
    .map(
      (round) =>
        `<li class="${round.crashPoint >= 200 ? 'high' : 'low'}" title="Round ${round.number} · seed ${round.serverSeed}">${times(round.crashPoint)}</li>`,
    )
    .join('');
  $('hash').textContent = state.serverSeedHash;
  $('players').innerHTML = state.bets
    .map(
      (bet) =>
        `<tr class="${bet.status.toLowerCase()}"><td>${escapeHtml(bet.player)}</td><td>${money(bet.betMinor)}</td><td>${bet.cashedAt ? times(bet.cashedAt) : bet.status === 'LOST' ? 'lost' : '…'}</td><td>${bet.winMinor ? money(bet.winMinor) : ''}</td></tr>`,
    )
    .join('');
  const mine = state.myBet;
  const action = $('action');
  if (state.phase === 'BETTING') {
    action.textContent = mine ? `BET PLACED ${money(mine.betMinor)}` : 'BET';
    action.disabled = busy || Boolean(mine);
    action.dataset.kind = 'bet';
  } else if (state.phase === 'RUNNING' && mine && mine.status === 'IN') {
    action.textContent = 'CASH OUT';
    action.disabled = busy;
    action.dataset.kind = 'cashout';
  } else if (!mine) {
    // Betting is closed. The button still answers a press (aria-disabled, not disabled): a bet
    // pressed as the countdown ran out must say it was too late, never just do nothing.
    action.textContent = 'WAIT FOR NEXT ROUND';
    action.disabled = false;
    action.dataset.kind = 'closed';
  } else {
    action.textContent = mine.status === 'CASHED' ? `WON ${money(mine.winMinor)}` : 'WAIT FOR NEXT ROUND';
    action.disabled = true;
    action.dataset.kind = '';
  }
  action.setAttribute('aria-disabled', String(action.dataset.kind === 'closed'));
}

const TOO_LATE = 'Too late: betting had closed for this round. Bet again when the next countdown starts.';

function frame() {
  requestAnimationFrame(frame);
  if (!state) return;
  const sky = $('sky');
  const local = performance.now() - polledAt;
  let multiplier = state.multiplier;
  let seconds = 0;
  if (state.phase === 'RUNNING') {
    seconds = (state.elapsedMs + local) / 1000;
    multiplier = Math.floor(100 * Math.exp(config.growth * seconds));
  } else if (state.phase === 'CRASHED') {
    seconds = Math.log(state.crashPoint / 100) / config.growth;
  }
  sky.dataset.phase = state.phase;
  $('big').textContent =
    state.phase === 'BETTING'
      ? `${Math.max(0, (state.bettingEndsInMs - local) / 1000).toFixed(1)}s`
      : times(multiplier);
  $('phase').textContent =
    state.phase === 'BETTING'
      ? `Round ${state.round} · place your bets`
      : state.phase === 'RUNNING'
        ? 'Flying…'
        : `Crashed at ${times(state.crashPoint)}`;
  const span = Math.max(10, seconds * 1.15);
  const top = Math.max(2, Math.exp(config.growth * span));
  const point = (t) => [(t / span) * 1000, 500 - ((Math.exp(config.growth * t) - 1) / (top - 1)) * 460];
  const steps = 40;
  const path = Array.from({ length: steps + 1 }, (_, i) => point((seconds * i) / steps));
  $('curve').setAttribute('d', seconds > 0 ? `M${path.map((p) => p.join(' ')).join('L')}` : '');
  const [x, y] = point(seconds);
  $('rocket').setAttribute('transform', `translate(${x} ${y}) rotate(-30)`);
}

$('action').onclick = async () => {
  if (busy || !state) return;
  busy = true;
  renderStatic();
  try {
    const kind = $('action').dataset.kind;
    if (kind === 'closed') return message(TOO_LATE, 'error');
    let body = null;
    if (kind === 'bet') {
      const auto = $('auto').value.trim();
      body = { betMinor: Number($('bet').value), autoCashOut: auto ? Math.round(Number(auto) * 100) : null };
    }
    const response = await fetch(`${api}/${kind === 'bet' ? 'bet' : 'cashout'}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body ?? {}),
    });
    const answer = await response.json();
    if (!answer.success)
      message(
        answer.code === 'INSUFFICIENT_FUNDS'
          ? 'Insufficient funds: lower the bet or top up.'
          : answer.code === 'BETTING_CLOSED'
            ? `${TOO_LATE} ${answer.message.includes('refunded') ? 'Your stake was returned.' : 'Nothing was taken.'}`
            : answer.message,
        'error',
      );
    else
      message(
        kind === 'bet'
          ? 'Bet placed. Good luck!'
          : `Cashed out at ${times(answer.value.bet.cashedAt)}: ${money(answer.value.bet.winMinor)}`,
      );
    if (answer.value?.balanceMinor) $('balance').textContent = money(answer.value.balanceMinor);
  } finally {
    busy = false;
    await poll();
  }
};

refreshBalance();
poll();
setInterval(poll, 300);
requestAnimationFrame(frame);
