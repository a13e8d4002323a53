// The slot page: draws the reels, asks the house-games server to spin, and plays back the round
// it answers (base spin, then each free spin). Every outcome comes from the server.
const config = JSON.parse(document.getElementById('config').textContent);
const game = config.game;
const api = `/api/sessions/${config.sessionId}`;
const $ = (id) => document.getElementById(id);
const symbols = new Map(game.symbols.map((symbol) => [symbol.id, symbol]));
const CELL_COUNT = 3;
let betIndex = 0;
let balance = null;
let currency = '';
let spinning = false;

const escapeHtml = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function cell(id) {
  const div = document.createElement('div');
  div.className = `cell sym-${symbols.get(id)?.kind ?? 'regular'}`;
  div.dataset.symbol = id;
  div.innerHTML = symbols.get(id)?.svg ?? '';
  return div;
}

function buildReels() {
  const reels = $('reels');
  reels.replaceChildren();
  game.reels.forEach((strip, reel) => {
    const column = document.createElement('div');
    column.className = 'reel';
    const track = document.createElement('div');
    track.className = 'track';
    for (let row = 0; row < CELL_COUNT; row += 1) track.append(cell(strip[(reel * 7 + row) % strip.length]));
    column.append(track);
    reels.append(column);
  });
}

/** Spins each reel, stopping them left to right on the window the server drew. */
async function animateTo(window, fast) {
  const columns = [...$('reels').children];
  const stops = columns.map(async (column, reel) => {
    const strip = game.reels[reel];
    const track = column.firstElementChild;
    const filler = Array.from(
      { length: fast ? 6 : 12 + reel * 4 },
      (_, i) => strip[(i * 5 + reel * 3) % strip.length],
    );
    const fresh = document.createElement('div');
    fresh.className = 'track';
    for (const id of [...window[reel], ...filler, ...[...track.children].map((c) => c.dataset.symbol)])
      fresh.append(cell(id));
    column.replaceChildren(fresh);
    const count = fresh.children.length;
    fresh.style.transform = `translateY(-${((count - CELL_COUNT) / count) * 100}%)`;
    fresh.getBoundingClientRect();
    fresh.style.transition = `transform ${(fast ? 350 : 700) + reel * (fast ? 90 : 180)}ms cubic-bezier(.2,.7,.25,1.08)`;
    fresh.style.transform = 'translateY(0)';
    await sleep((fast ? 350 : 700) + reel * (fast ? 90 : 180));
    const settled = document.createElement('div');
    settled.className = 'track';
    for (const id of window[reel]) settled.append(cell(id));
    column.replaceChildren(settled);
  });
  await Promise.all(stops);
}

function cellAt(reel, row) {
  return $('reels').children[reel]?.firstElementChild?.children[row];
}

async function showWins(spin) {
  const svg = $('lines');
  svg.replaceChildren();
  for (const win of spin.lineWins) {
    const path = game.lines[win.line];
    const points = path.map((row, reel) => `${reel * 100 + 50},${row * 100 + 50}`).join(' ');
    const line = document.createElementNS('http://www.w3.org/2000/svg', 'polyline');
    line.setAttribute('points', points);
    line.setAttribute('class', 'win-line');
    svg.append(line);
    for (let reel = 0; reel < win.count; reel += 1) cellAt(reel, path[reel])?.classList.add('winning');
  }
  for (const [reel, row] of spin.scatter.count >= 3 ? spin.scatter.positions : [])
    cellAt(reel, row)?.classList.add('winning');
  if (spin.winMinor > 0) {
    const pop = $('win-pop');
    pop.textContent = `WIN ${money(spin.winMinor)}`;
    pop.hidden = false;
    await sleep(1100);
    pop.hidden = true;
  }
}

function setMessage(text, tone = 'info') {
  const message = $('message');
  message.textContent = text;
  message.dataset.tone = tone;
}

function render() {
  $('balance').textContent = `${money(balance)} ${currency}`;
  $('bet').textContent = money(game.betsMinor[betIndex]);
  $('spin').disabled = spinning;
  $('bet-down').disabled = spinning || betIndex === 0;
  $('bet-up').disabled = spinning || betIndex === game.betsMinor.length - 1;
  renderPaytable();
}

async function spin() {
  if (spinning) return;
  spinning = true;
  $('lines').replaceChildren();
  setMessage('');
  $('win').textContent = '0.00';
  render();
  const bet = game.betsMinor[betIndex];
  try {
    const response = await fetch(`${api}/spin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ betMinor: bet }),
    });
    const answer = await response.json();
    if (!answer.success) {
      setMessage(
        answer.code === 'INSUFFICIENT_FUNDS'
          ? 'Insufficient funds: lower the bet or top up your wallet.'
          : answer.message,
        'error',
      );
      return;
    }
    if (balance !== null) balance = String(Number(balance) - bet);
    render();
    const { round } = answer.value;
    await animateTo(round.base.window, false);
    await showWins(round.base);
    let won = round.base.winMinor;
    $('win').textContent = money(won);
    if (round.freeSpins.length > 0) {
      $('free-banner').hidden = false;
      $('free-total').textContent = String(round.base.freeSpinsAwarded);
      let total = round.base.freeSpinsAwarded;
      for (const [index, free] of round.freeSpins.entries()) {
        $('free-left').textContent = String(index + 1);
        $('lines').replaceChildren();
        await animateTo(free.window, true);
        if (free.freeSpinsAwarded > 0) {
          total += free.freeSpinsAwarded;
          $('free-total').textContent = String(total);
          setMessage(`+${free.freeSpinsAwarded} free spins!`);
        }
        await showWins(free);
        won += free.winMinor;
        $('win').textContent = money(won);
      }
      setMessage(`Free spins won ${money(won - round.base.winMinor)}`);
      $('free-banner').hidden = true;
    }
    balance = answer.value.balanceMinor;
    currency = answer.value.currency ?? currency;
    if (balance === null) setMessage('Your win is being paid: the balance updates shortly.');
  } catch {
    setMessage('Connection lost: the round is settled on the server; reload to see your balance.', 'error');
  } finally {
    spinning = false;
    render();
  }
}

function renderPaytable() {
  const lineBet = game.betsMinor[betIndex] / game.lines.length;
  const rows = game.symbols
    .map((symbol) => {
      const unit = symbol.kind === 'scatter' ? game.betsMinor[betIndex] : lineBet;
      const pays = symbol.pays.map((pay, i) => `<li><b>${i + 3}×</b> ${money(pay * unit)}</li>`).join('');
      const note =
        symbol.kind === 'wild'
          ? 'Substitutes for every symbol except the scatter.'
          : symbol.kind === 'scatter'
            ? `Pays anywhere. 3, 4, 5 award ${game.freeSpins.awards.join(', ')} free spins, wins ×${game.freeSpins.multiplier}; retriggers.`
            : '';
      return `<div class="pay-row"><div class="pay-art">${symbol.svg}</div><div><h3>${symbol.name}</h3><ul>${pays}</ul><p>${note}</p></div></div>`;
    })
    .join('');
  const lines = game.lines
    .map(
      (path, i) =>
        `<svg viewBox="0 0 50 30" class="mini"><title>Line ${i + 1}</title><rect width="50" height="30" rx="3"/><polyline points="${path.map((row, reel) => `${reel * 10 + 5},${row * 10 + 5}`).join(' ')}"/></svg>`,
    )
    .join('');
  $('paytable-body').innerHTML =
    `<p>Amounts at the current bet. Line wins pay left to right on ${game.lines.length} lines; the highest win per line. RTP ${(game.rtp * 100).toFixed(2)}%.</p><div class="pay-grid">${rows}</div><h3>Lines</h3><div class="line-grid">${lines}</div>`;
}

async function renderFairness() {
  const answer = await (await fetch(api)).json();
  const { seeds, revealed, history } = answer.value;
  const verifyLink = (r, round) =>
    `/verify?game=${game.code}&serverSeed=${r.serverSeed}&clientSeed=${encodeURIComponent(r.clientSeed)}&nonce=${round.nonce}&bet=${round.betMinor}`;
  const revealedOf = (round) => revealed.find((r) => r.serverSeedHash === round.serverSeedHash);
  const rounds = history
    .map((round) => {
      const r = revealedOf(round);
      return `<tr><td>${round.nonce}</td><td>${money(round.betMinor)}</td><td>${money(round.winMinor)}</td><td>${r ? `<a href="${verifyLink(r, round)}" target="_blank">verify</a>` : 'rotate to verify'}</td></tr>`;
    })
    .join('');
  $('fairness-body').innerHTML =
    `<p>Each round is HMAC-SHA256(server seed, client seed:nonce:cursor). The server seed is committed by its hash before you play and revealed when you rotate.</p>
    <dl><dt>Server seed hash</dt><dd><code>${seeds.serverSeedHash}</code></dd><dt>Next nonce</dt><dd>${seeds.nonce}</dd></dl>
    <label>Client seed <input id="client-seed" value="${escapeHtml(seeds.clientSeed)}" maxlength="64"></label>
    <button type="button" class="pill" id="rotate">Rotate seeds (reveal)</button>
    <table><thead><tr><th>Nonce</th><th>Bet</th><th>Win</th><th></th></tr></thead><tbody>${rounds}</tbody></table>`;
  $('rotate').onclick = async () => {
    const response = await fetch(`${api}/seeds`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientSeed: $('client-seed').value }),
    });
    const result = await response.json();
    if (!result.success) setMessage(result.message, 'error');
    await renderFairness();
  };
}

async function refresh() {
  const answer = await (await fetch(api)).json();
  if (!answer.success) return setMessage(answer.message, 'error');
  balance = answer.value.balanceMinor;
  currency = answer.value.currency ?? '';
  render();
}

$('spin').onclick = spin;
$('bet-down').onclick = () => {
  betIndex = Math.max(0, betIndex - 1);
  render();
};
$('bet-up').onclick = () => {
  betIndex = Math.min(game.betsMinor.length - 1, betIndex + 1);
  render();
};
$('open-paytable').onclick = () => $('paytable').showModal();
$('open-fairness').onclick = async () => {
  await renderFairness();
  $('fairness').showModal();
};
document.addEventListener('keydown', (event) => {
  if (event.code === 'Space' && !document.querySelector('dialog[open]')) {
    event.preventDefault();
    spin();
  }
});
buildReels();
render();
refresh();
