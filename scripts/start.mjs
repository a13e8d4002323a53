// `npm start`: the Fortuna server, our payment gateway and our house games, side by side, as a
// real deployment would run providers beside the platform. Output is prefixed per process;
// SIGINT/SIGTERM go to all; when one stops, the others are stopped and this exits with its status.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';

// This launcher is for trying Fortuna: it runs the sandbox payment gateway, whose Pay button
// credits deposits nobody paid. A production site starts the server alone.
if (process.env.NODE_ENV === 'production') {
  console.error(
    '[start] npm start is for trying Fortuna (it runs the sandbox payment gateway): in production start the server alone with `npm start --workspace @fortuna/server` (see README, "Deploying")',
  );
  process.exit(1);
}

// Trying Fortuna on embedded PGlite: the development outboxes are where the demo's SMS codes and
// mails are read, so they are asked for here, explicitly (DEV_ENDPOINTS=off turns them off). With
// DATABASE_URL, as with the demo data, they stay off unless asked for.
const devEndpoints = process.env.DEV_ENDPOINTS || (process.env.DATABASE_URL ? 'off' : 'on');

const gatewayPort = process.env.GATEWAY_PORT ?? '8090';
// One secret for both; without one set, a fresh random secret per start (both get the same).
const secret =
  process.env.PAYMENT_GATEWAY_SECRET ?? process.env.GATEWAY_SECRET ?? randomBytes(24).toString('hex');

// The house vendor's protocol secret, shared the same way with apps/house-games.
const houseVendorSecret = process.env.HOUSE_VENDOR_SECRET ?? randomBytes(24).toString('hex');
// The house lottery's operator token, shared the same way: the platform's /ops/lottery calls
// (draw calendar, liability, ADR 069) relay it, so they work on a trying site too.
const lotteryOperatorSecret =
  process.env.LOTTERY_OPERATOR_SECRET ??
  process.env.HOUSE_LOTTERY_OPERATOR_SECRET ??
  randomBytes(24).toString('hex');
const housePort = process.env.HOUSE_PORT ?? '8095';
// Where browsers reach the house games (launch URLs point there), and where the house games call
// the platform's vendor API.
const houseGamesUrl = process.env.HOUSE_GAMES_URL ?? `http://127.0.0.1:${housePort}`;
const platformUrl = process.env.PLATFORM_URL ?? `http://127.0.0.1:${process.env.PORT ?? '8080'}`;
// The house lottery keeps its draws and slips in a database of its own (ADR 040): given
// LOTTERY_DATABASE_URL it uses that; otherwise embedded PGlite in data-lottery/ beside the platform's data/, so
// that trying Fortuna runs the lottery too.
const lotteryEnv = process.env.LOTTERY_DATABASE_URL
  ? {}
  : {
      LOTTERY_PGLITE_DIR:
        process.env.LOTTERY_PGLITE_DIR ?? fileURLToPath(new URL('../data-lottery', import.meta.url)),
    };

const processes = [
  {
    name: 'fortuna',
    workspace: '@fortuna/server',
    env: {
      PAYMENT_GATEWAY_URL: process.env.PAYMENT_GATEWAY_URL ?? `http://127.0.0.1:${gatewayPort}`,
      PAYMENT_GATEWAY_SECRET: secret,
      HOUSE_VENDOR_SECRET: houseVendorSecret,
      HOUSE_GAMES_URL: houseGamesUrl,
      HOUSE_LOTTERY_OPERATOR_SECRET: lotteryOperatorSecret,
      DEV_ENDPOINTS: devEndpoints,
    },
  },
  {
    name: 'gateway',
    workspace: '@fortuna/payment-gateway',
    env: { GATEWAY_PORT: gatewayPort, GATEWAY_SECRET: secret },
  },
  {
    name: 'house',
    workspace: '@fortuna/house-games',
    env: {
      HOUSE_PORT: housePort,
      HOUSE_VENDOR_SECRET: houseVendorSecret,
      PLATFORM_URL: platformUrl,
      LOTTERY_OPERATOR_SECRET: lotteryOperatorSecret,
      ...lotteryEnv,
    },
  },
];

const children = processes.map(({ name, workspace, env }) => {
  const child = spawn('npm', ['run', 'start', '--silent', '--workspace', workspace], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: npm does not pass signals on to the server under it, a group signal does.
    detached: true,
  });
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    let rest = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) out.write(`[${name}] ${line}\n`);
    });
    stream.on('end', () => rest && out.write(`[${name}] ${rest}\n`));
  }
  return { name, child };
});

let exiting = false;
function stopAll(signal) {
  for (const { child } of children) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    try {
      process.kill(-child.pid, signal);
    } catch {
      child.kill(signal);
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    exiting = true;
    stopAll(signal);
  });
}
for (const { name, child } of children) {
  child.on('exit', (code, signal) => {
    if (!exiting) console.error(`[start] ${name} stopped (${signal ?? `exit ${code}`}): stopping the others`);
    exiting = true;
    stopAll('SIGTERM');
    if (children.every(({ child: other }) => other.exitCode !== null || other.signalCode !== null)) {
      process.exit(code ?? (signal ? 1 : 0));
    }
  });
}
