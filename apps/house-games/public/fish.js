// The fishing shooter's page: fish swim on a canvas (drawn here, no images); tapping one fires a
// shot at its species; the server decides whether it is caught and pays.
const config = JSON.parse(document.getElementById('config').textContent);
const $ = (id) => document.getElementById(id);
const canvas = $('sea');
const ctx = canvas.getContext('2d');
const W = canvas.width;
const H = canvas.height;
let betIndex = 2;
let shooting = false;
let fish = [];
const shots = [];
const effects = [];
let angle = -Math.PI / 2;

function spawn() {
  const weights = config.species.map((s) => 1 / s.multiplier);
  let pick = Math.random() * weights.reduce((a, b) => a + b, 0);
  let species = config.species[0];
  for (const [i, candidate] of config.species.entries()) {
    pick -= weights[i];
    if (pick < 0) {
      species = candidate;
      break;
    }
  }
  const leftToRight = Math.random() < 0.5;
  const size = 34 * species.size;
  fish.push({
    species,
    size,
    x: leftToRight ? -size * 2 : W + size * 2,
    y: 60 + Math.random() * (H - 220),
    vx: ((leftToRight ? 1 : -1) * (0.6 + Math.random() * 1.2)) / species.size,
    phase: Math.random() * 6,
  });
}

function drawFish(f, t) {
  const { species, size } = f;
  ctx.save();
  ctx.translate(f.x, f.y + Math.sin(t / 400 + f.phase) * 6);
  ctx.scale(f.vx > 0 ? 1 : -1, 1);
  const wag = Math.sin(t / 120 + f.phase) * 0.25;
  ctx.fillStyle = species.color;
  ctx.beginPath();
  ctx.moveTo(-size * 0.9, 0);
  ctx.lineTo(-size * 1.6, -size * (0.55 + wag));
  ctx.lineTo(-size * 1.6, size * (0.55 - wag));
  ctx.closePath();
  ctx.fill();
  const body = ctx.createLinearGradient(0, -size, 0, size);
  body.addColorStop(0, '#ffffff');
  body.addColorStop(0.25, species.color);
  body.addColorStop(1, '#00000088');
  ctx.fillStyle = body;
  ctx.beginPath();
  ctx.ellipse(0, 0, size, size * 0.55, 0, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = '#fff';
  ctx.beginPath();
  ctx.arc(size * 0.5, -size * 0.12, size * 0.14, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = '#111';
  ctx.beginPath();
  ctx.arc(size * 0.55, -size * 0.12, size * 0.07, 0, Math.PI * 2);
  ctx.fill();
  if (species.multiplier >= 20) {
    ctx.fillStyle = '#fff';
    ctx.font = `bold ${Math.round(size * 0.45)}px Arial`;
    ctx.scale(f.vx > 0 ? 1 : -1, 1);
    ctx.textAlign = 'center';
    ctx.fillText(`×${species.multiplier}`, 0, size * 0.18);
  }
  ctx.restore();
}

function drawCannon() {
  ctx.save();
  ctx.translate(W / 2, H - 10);
  ctx.fillStyle = '#ffd23f';
  ctx.beginPath();
  ctx.arc(0, 0, 46, Math.PI, 0);
  ctx.fill();
  ctx.rotate(angle + Math.PI / 2);
  ctx.fillStyle = '#5ee7ff';
  ctx.fillRect(-12, -86, 24, 70);
  ctx.fillStyle = '#fff';
  ctx.fillRect(-12, -90, 24, 8);
  ctx.restore();
}

function frame(t) {
  requestAnimationFrame(frame);
  if (fish.length < 14 && Math.random() < 0.04) spawn();
  ctx.clearRect(0, 0, W, H);
  for (let i = 0; i < 24; i += 1) {
    ctx.fillStyle = '#ffffff10';
    ctx.beginPath();
    ctx.arc((i * 137 + t / 30) % W, H - ((i * 89 + t / 12) % H), 3 + (i % 4), 0, Math.PI * 2);
    ctx.fill();
  }
  fish = fish.filter((f) => !f.gone && f.x > -200 && f.x < W + 200);
  for (const f of fish) {
    f.x += f.vx;
    drawFish(f, t);
  }
  for (const s of shots) {
    s.progress = Math.min(1, s.progress + 0.08);
    ctx.fillStyle = '#fff';
    ctx.beginPath();
    ctx.arc(W / 2 + (s.x - W / 2) * s.progress, H - 60 + (s.y - H + 60) * s.progress, 7, 0, Math.PI * 2);
    ctx.fill();
  }
  for (const e of effects) {
    e.age += 1;
    ctx.globalAlpha = Math.max(0, 1 - e.age / 60);
    ctx.fillStyle = e.color;
    ctx.font = 'bold 34px Arial Black, Arial';
    ctx.textAlign = 'center';
    ctx.fillText(e.text, e.x, e.y - e.age);
    ctx.globalAlpha = 1;
  }
  while (effects.length && effects[0].age > 60) effects.shift();
  while (shots.length && shots[0].progress >= 1) shots.shift();
  drawCannon();
}

function point(event) {
  const rect = canvas.getBoundingClientRect();
  return [((event.clientX - rect.left) / rect.width) * W, ((event.clientY - rect.top) / rect.height) * H];
}

async function fire(event) {
  const [x, y] = point(event);
  angle = Math.atan2(y - (H - 10), x - W / 2);
  const target = fish.find((f) => Math.hypot(f.x - x, f.y - y) < f.size * 1.2);
  if (!target) return;
  if (shooting) return;
  shooting = true;
  shots.push({ x: target.x, y: target.y, progress: 0 });
  try {
    const response = await fetch(`/api/fish/${config.sessionId}/shot`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ betMinor: config.bets[betIndex], species: target.species.id }),
    });
    const answer = await response.json();
    if (!answer.success) {
      $('message').textContent =
        answer.code === 'INSUFFICIENT_FUNDS'
          ? 'Insufficient funds: lower the bet or top up.'
          : answer.message;
      $('message').dataset.tone = 'error';
      return;
    }
    const { round, balanceMinor } = answer.value;
    if (round.caught) {
      target.gone = true;
      effects.push({ x: target.x, y: target.y, text: `+${money(round.winMinor)}`, color: '#ffd23f', age: 0 });
      $('win').textContent = money(round.winMinor);
    } else effects.push({ x: target.x, y: target.y, text: 'miss', color: '#ffffffaa', age: 20 });
    if (balanceMinor !== null) $('balance').textContent = money(balanceMinor);
    $('message').dataset.tone = 'info';
  } finally {
    shooting = false;
  }
}

function renderBet() {
  $('bet').textContent = money(config.bets[betIndex]);
}
$('bet-down').onclick = () => {
  betIndex = Math.max(0, betIndex - 1);
  renderBet();
};
$('bet-up').onclick = () => {
  betIndex = Math.min(config.bets.length - 1, betIndex + 1);
  renderBet();
};
canvas.addEventListener('pointerdown', fire);
fetch(`/api/sessions/${config.sessionId}`)
  .then((response) => response.json())
  .then((answer) => {
    if (answer.success)
      $('balance').textContent = `${money(answer.value.balanceMinor)} ${answer.value.currency ?? ''}`;
  });
for (let i = 0; i < 8; i += 1) {
  spawn();
  fish[i].x = 100 + Math.random() * (W - 200);
}
renderBet();
requestAnimationFrame(frame);
