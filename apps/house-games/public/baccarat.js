// The baccarat page (no live dealer): polls the shared table, shows the countdown, the dealt cards and the road,
// and places one bet per round. The table on the server deals and settles.
const config = JSON.parse(document.getElementById('config').textContent);
const api = `/api/baccarat/${config.sessionId}`;
const $ = (id) => document.getElementById(id);
const RANKS = ['', 'A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const SUITS = ['♠', '♥', '♦', '♣'];
let state = null;
let polledAt = 0;
let lastRound = 0;

function card(c, index) {
  const red = c.suit === 1 || c.suit === 2;
  return `<div class="card ${red ? 'red' : ''}" style="animation-delay:${index * 0.35}s"><span>${RANKS[c.rank]}</span><i>${SUITS[c.suit]}</i><span class="low">${RANKS[c.rank]}</span></div>`;
}

async function refreshBalance() {
  if (config.demo) return;
  const answer = await (await fetch(`/api/sessions/${config.sessionId}`)).json();
  if (answer.success)
    $('balance').textContent = `${money(answer.value.balanceMinor)} ${answer.value.currency ?? ''}`;
}

function render() {
  const hand = state.hand;
  $('pcards').innerHTML = hand ? hand.player.map(card).join('') : '';
  $('bcards').innerHTML = hand ? hand.banker.map((c, i) => card(c, i + 0.5)).join('') : '';
  $('ptotal').textContent = hand ? hand.playerTotal : '';
  $('btotal').textContent = hand ? hand.bankerTotal : '';
  $('result').textContent = hand ? (hand.outcome === 'TIE' ? 'TIE' : `${hand.outcome} WINS`) : '';
  $('result').dataset.outcome = hand?.outcome ?? '';
  for (const spot of ['PLAYER', 'BANKER', 'TIE'])
    $(`tot-${spot}`).textContent = state.totals[spot] ? money(state.totals[spot]) : '';
  for (const button of document.querySelectorAll('.spot')) {
    button.disabled = state.phase !== 'BETTING' || Boolean(state.myBet);
    button.classList.toggle('chosen', state.myBet?.spot === button.dataset.spot);
  }
  $('road').innerHTML = state.history
    .map(
      (r) =>
        `<li class="${r.outcome.toLowerCase()}" title="Round ${r.number} · ${r.playerTotal}–${r.bankerTotal} · seed ${r.serverSeed}">${r.outcome[0]}</li>`,
    )
    .join('');
  $('hash').textContent = state.serverSeedHash;
  if (config.demo) $('balance').textContent = `${money(state.demoBalanceMinor)} FUN`;
  if (state.phase === 'DEALT' && state.myBet && lastRound !== state.round) {
    lastRound = state.round;
    const paid = state.myBet.payoutMinor;
    $('message').textContent = paid > 0 ? `You receive ${money(paid)}` : 'No win this round';
    refreshBalance();
  }
}

function frame() {
  requestAnimationFrame(frame);
  if (!state) return;
  const left = Math.max(0, (state.bettingEndsInMs - (performance.now() - polledAt)) / 1000);
  $('timer').textContent =
    state.phase === 'BETTING' ? `Bets close in ${left.toFixed(0)}s` : `Round ${state.round} dealt`;
  $('timer').dataset.urgent = state.phase === 'BETTING' && left < 4 ? 'yes' : 'no';
}

async function poll() {
  try {
    const answer = await (await fetch(api)).json();
    if (!answer.success) return;
    const changed =
      !state ||
      state.round !== answer.value.round ||
      state.phase !== answer.value.phase ||
      state.bets !== answer.value.bets;
    state = answer.value;
    polledAt = performance.now();
    if (changed) render();
  } catch {
    $('message').textContent = 'Connection lost, retrying…';
  }
}

for (const button of document.querySelectorAll('.spot')) {
  button.onclick = async () => {
    const response = await fetch(`${api}/bet`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ spot: button.dataset.spot, betMinor: Number($('bet').value) }),
    });
    const answer = await response.json();
    $('message').textContent = answer.success
      ? `${money(answer.value.bet.betMinor)} on ${answer.value.bet.spot}. Good luck!`
      : answer.code === 'INSUFFICIENT_FUNDS'
        ? 'Insufficient funds: pick a smaller chip or top up.'
        : answer.message;
    if (answer.value?.balanceMinor) $('balance').textContent = money(answer.value.balanceMinor);
    await poll();
    render();
  };
}
refreshBalance();
poll();
setInterval(poll, 500);
requestAnimationFrame(frame);
