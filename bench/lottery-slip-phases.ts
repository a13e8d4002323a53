// Where a slip's open-loop tail goes (issue 17's p99 budget, bench/lottery-slips.ts): slips are
// placed open loop at a fixed rate and each is split into three phases from timestamps the stack
// already keeps (one PostgreSQL server, one clock):
//   to house   due at the bench → the house's placement time (placed_at: the desk's Date.now())
//   to debit   placed_at → the platform's debit transaction began (vendor_transactions.created_at):
//              the lottery statement, the house → platform call, the platform's checks before it
//   after      the debit transaction began → the answer at the bench: the debit, its answer, the
//              PLACED mark, the house's answer
// Each server's event-loop delay is sampled every second (support/loop-delay-probe.mjs).
// A/B: `--knob <name>` starts the stack afresh for every round with setting A or B, in the order
// A B B A A B …, so both sides see the same drift of a shared machine.
// Run: npx tsx bench/lottery-slip-phases.ts --knob jobs --rate 150 --pairs 3
//      npx tsx bench/lottery-slip-phases.ts --knob checkout --base /path/to/main --rate 80 --pairs 3
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { HOUSE_VENDOR_CODE } from '@fortuna/contracts/games';
import { fastGameOf } from '../apps/house-games/src/lottery/draw-calendar.ts';
import { summarizeProfile } from './support/cpu-profile.ts';
import { percentile, runOnSchedule, send } from './support/http-load.ts';
import { startLotteryPlatform } from './support/lottery-platform.ts';
import { repoRoot } from './support/processes.ts';

/** A setting: the platform's environment, and the checkout it runs from (`CHECKOUT` in it; this one unless given). */
const KNOBS: Record<string, { A: Record<string, string>; B: Record<string, string> }> = {
  none: { A: {}, B: {} },
  jobs: { A: { JOB_WORKERS: 'on' }, B: { JOB_WORKERS: 'off' } },
  // The platform of another checkout (--base, e.g. the commit before a change) against this one.
  checkout: { A: { CHECKOUT: 'base' }, B: {} },
  lotteryPool: { A: { LOTTERY_DATABASE_POOL_SIZE: '4' }, B: { LOTTERY_DATABASE_POOL_SIZE: '12' } },
};
const { values: args } = parseArgs({
  options: {
    knob: { type: 'string', default: 'none' },
    rate: { type: 'string', default: '150' },
    pairs: { type: 'string', default: '1' },
    seconds: { type: 'string', default: '10' },
    port: { type: 'string', default: '8450' },
    base: { type: 'string' },
    profile: { type: 'boolean', default: false },
  },
});
const chosenKnob = KNOBS[args.knob];
if (!chosenKnob) throw new Error(`--knob: one of ${Object.keys(KNOBS).join(', ')}`);
const knob = chosenKnob;
if (args.knob === 'checkout' && !args.base)
  throw new Error('--knob checkout needs --base <another checkout>');
const rate = Number(args.rate);
const seconds = Number(args.seconds);
const clients = 50;
const STAKE_MINOR = 100;
const kenoGame = fastGameOf('keno-5m');
if (!kenoGame) throw new Error('no keno-5m game');
const GAME = kenoGame;
const loopFile = `/tmp/fortuna-loop-delay-${process.pid}.jsonl`;
const probe = `${repoRoot}bench/support/loop-delay-probe.mjs`;

const loadAverage = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');
const randomNumber = () => 1 + Math.floor(Math.random() * 80);
const twoNumbers = () => {
  const first = randomNumber();
  let second = randomNumber();
  while (second === first) second = randomNumber();
  return [first, second];
};
const wallOf = (performanceMs: number) => performance.timeOrigin + performanceMs;
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const median = (values: number[]) => {
  const s = sorted(values);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] ?? 0) : ((s[m - 1] ?? 0) + (s[m] ?? 0)) / 2;
};

interface Slip {
  dueAt: number;
  answeredAt: number;
  slipId: string;
}
interface RoundResult {
  side: 'A' | 'B';
  load: string;
  placed: number;
  failed: number;
  total: { p50: number; p99: number };
  phases: Record<'toHouse' | 'toDebit' | 'after', { p50: number; p99: number; tailMean: number }>;
  loops: Record<string, { p99: number; max: number; elu: number; gcMsPerS: number; gcMax: number }>;
  failures: string;
  backends: string;
  served: Record<string, { count: number; p50: number; p99: number; max: number }>;
}

/** The knob's settings that the house games read (LOTTERY_…); the platform gets them all, and ignores these. */
const houseSettingOf = (side: 'A' | 'B') =>
  Object.fromEntries(Object.entries(knob[side]).filter(([name]) => name.startsWith('LOTTERY_')));

async function runRound(side: 'A' | 'B'): Promise<RoundResult> {
  const port = Number(args.port);
  const bench = await startLotteryPlatform(
    { platform: port, house: port + 1 },
    {
      platformEnv: {
        ...Object.fromEntries(Object.entries(knob[side]).filter(([name]) => name !== 'CHECKOUT')),
        NODE_OPTIONS: `--import ${probe}`,
        LOOP_DELAY_FILE: loopFile,
      },
      ...(knob[side].CHECKOUT ? { platformCheckout: `${args.base}/` } : {}),
    },
  );
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  try {
    const funded = await bench.fundedPlayers(clients, 10n ** 12n, 'slips');
    await bench.startHouse({
      ...houseSettingOf(side),
      NODE_OPTIONS: `--import ${probe}`,
      LOOP_DELAY_FILE: loopFile,
    });
    const houseUrl = new URL(bench.houseUrl);
    const sessions = await bench.launchedSessions(funded.playerIds, GAME.code);
    let failed = 0;
    const failures = new Map<string, number>();
    const fail = (key: string) => {
      failed += 1;
      failures.set(key, (failures.get(key) ?? 0) + 1);
    };
    const place = async (n: number, drawCode: string, onPlaced: (slipId: string) => void) => {
      const body = JSON.stringify({
        drawCode,
        bets: [
          { betType: 'keno-pick-1', selection: [randomNumber()], stakeMinor: STAKE_MINOR },
          { betType: 'keno-pick-2', selection: twoNumbers(), stakeMinor: STAKE_MINOR },
        ],
      });
      try {
        const answer = await send(agent, Number(houseUrl.port), {
          method: 'POST',
          path: `/lottery/sessions/${sessions[n % clients]}/slips`,
          headers: { 'content-type': 'application/json' },
          body,
        });
        if (answer.status === 201) {
          const parsed = JSON.parse(answer.body) as { value?: { slipId?: string } };
          onPlaced(parsed.value?.slipId ?? '');
        } else fail(`HTTP ${answer.status} ${(JSON.parse(answer.body) as { code?: string }).code ?? ''}`);
      } catch (error) {
        fail((error as Error).message);
      }
    };
    // Warm-up as bench/lottery-slips.ts: 2 s closed loop, not counted.
    const warmDraw = await bench.quietDrawWithRoom(GAME, 4);
    const warmUntil = performance.now() + 2000;
    await Promise.all(
      Array.from({ length: clients }, async (_, client) => {
        while (performance.now() < warmUntil) await place(client, warmDraw, () => undefined);
      }),
    );
    failed = 0;
    failures.clear();
    const drawCode = await bench.quietDrawWithRoom(GAME, seconds + 2);
    const slips: Slip[] = [];
    let started = 0;
    if (args.profile) writeFileSync(`${loopFile}.profile`, '');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const startedWall = Date.now();
    // What the stack's PostgreSQL backends are doing, sampled every 20 ms: active and waiting on
    // what (a lock, the WAL flush of a commit, the client), per database.
    const waits = new Map<string, number>();
    let sampling = true;
    let samplesTaken = 0;
    const sampler = (async () => {
      while (sampling) {
        const { rows } = await bench.platformPool.query<{ db: string; what: string; n: number }>(
          `select case datname when $1 then 'platform' else 'lottery' end as db,
                  state || coalesce(' ' || wait_event_type || ':' || wait_event, '')
                  || case when wait_event_type = 'Lock' then ' in «' || regexp_replace(left(query, 90), '[[:space:]]+', ' ', 'g') || '»' else '' end as what, count(*)::int as n
             from pg_stat_activity where datname in ($1, $2) and pid <> pg_backend_pid() and state <> 'idle'
            group by 1, 2`,
          [bench.platformDatabase.name, bench.lotteryDatabase.name],
        );
        samplesTaken += 1;
        for (const row of rows)
          waits.set(`${row.db} ${row.what}`, (waits.get(`${row.db} ${row.what}`) ?? 0) + row.n);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    await runOnSchedule(rate, seconds, (dueAt) => {
      started += 1;
      return place(started, drawCode, (slipId) =>
        slips.push({ dueAt, answeredAt: performance.now(), slipId }),
      );
    });
    sampling = false;
    await sampler;
    const backends = [...waits]
      .sort((a, b) => b[1] - a[1])
      .map(([what, n]) => `${what} ${(n / Math.max(1, samplesTaken)).toFixed(2)}`)
      .join(', ');
    const endedWall = Date.now();
    if (args.profile) {
      rmSync(`${loopFile}.profile`);
      await new Promise((resolve) => setTimeout(resolve, 2500));
      for (const server of ['server', 'house']) {
        const path = `${loopFile}.${server}.cpuprofile`;
        if (!existsSync(path)) continue;
        const summary = summarizeProfile(path);
        console.log(
          `${side} ${server} CPU profile: busy ${summary.busyMs.toFixed(0)} ms; by package/file: ${summary.byBucket
            .slice(0, 12)
            .map(([name, ms]) => `${name} ${ms.toFixed(0)}`)
            .join(', ')}\n  by function: ${summary.byFunction
            .slice(0, 15)
            .map(([name, ms]) => `${name} ${ms.toFixed(0)}`)
            .join(', ')}`,
        );
        rmSync(path);
      }
    }
    const load = loadAverage();

    const ids = slips.map((slip) => slip.slipId);
    const placedAt = new Map(
      (
        await bench.lottery.query<{ slip_id: string; at: number }>(
          'select slip_id, extract(epoch from placed_at) * 1000 as at from lottery_slips where slip_id = any($1)',
          [ids],
        )
      ).rows.map((row) => [row.slip_id, Number(row.at)]),
    );
    const debitAt = new Map(
      (
        await bench.platformPool.query<{ round_id: string; at: number }>(
          `select round_id, extract(epoch from created_at) * 1000 as at from vendor_transactions
            where vendor_code = $1 and kind = 'DEBIT' and round_id = any($2)`,
          [HOUSE_VENDOR_CODE, ids],
        )
      ).rows.map((row) => [row.round_id, Number(row.at)]),
    );
    const rows = slips.map((slip) => {
      const due = wallOf(slip.dueAt);
      const placed = placedAt.get(slip.slipId) ?? Number.NaN;
      const debit = debitAt.get(slip.slipId) ?? Number.NaN;
      const answered = wallOf(slip.answeredAt);
      return {
        total: answered - due,
        toHouse: placed - due,
        toDebit: debit - placed,
        after: answered - debit,
      };
    });
    const byTotal = [...rows].sort((a, b) => a.total - b.total);
    const tail = byTotal.slice(Math.floor(byTotal.length * 0.99));
    const phase = (name: 'toHouse' | 'toDebit' | 'after') => {
      const values = sorted(rows.map((row) => row[name]));
      return {
        p50: percentile(values, 50),
        p99: percentile(values, 99),
        tailMean: tail.reduce((sum, row) => sum + row[name], 0) / Math.max(1, tail.length),
      };
    };
    const totals = byTotal.map((row) => row.total);
    const loops: RoundResult['loops'] = {};
    const served: RoundResult['served'] = {};
    if (existsSync(loopFile)) {
      const samples = readFileSync(loopFile, 'utf8')
        .trim()
        .split('\n')
        .map(
          (line) =>
            JSON.parse(line) as {
              at: number;
              script: string;
              p99: number;
              max: number;
              elu: number;
              gcMs: number;
              gcMaxMs: number;
              served: Record<string, number[]>;
            },
        )
        .filter((sample) => sample.at > startedWall + 1000 && sample.at <= endedWall + 1000);
      for (const script of new Set(samples.map((sample) => sample.script))) {
        const mine = samples.filter((sample) => sample.script === script);
        loops[script.replace('/src/main.ts', '')] = {
          p99: median(mine.map((sample) => sample.p99)),
          max: Math.max(...mine.map((sample) => sample.max)),
          elu: median(mine.map((sample) => sample.elu)),
          gcMsPerS: mine.reduce((sum, sample) => sum + sample.gcMs, 0) / Math.max(1, mine.length),
          gcMax: Math.max(...mine.map((sample) => sample.gcMaxMs)),
        };
      }
      rmSync(loopFile);
      const byRoute = new Map<string, number[]>();
      for (const sample of samples)
        for (const [route, durations] of Object.entries(sample.served ?? {}))
          byRoute.set(`${sample.script.split('/')[0]} ${route}`, [
            ...(byRoute.get(`${sample.script.split('/')[0]} ${route}`) ?? []),
            ...durations,
          ]);
      for (const [route, durations] of byRoute) {
        if (durations.length < 50) continue;
        const s = sorted(durations);
        served[route] = {
          count: s.length,
          p50: percentile(s, 50),
          p99: percentile(s, 99),
          max: s[s.length - 1] ?? 0,
        };
      }
    }
    return {
      side,
      load,
      placed: slips.length,
      failed,
      failures: [...failures].map(([key, count]) => `${count} × ${key}`).join(', '),
      total: { p50: percentile(totals, 50), p99: percentile(totals, 99) },
      phases: { toHouse: phase('toHouse'), toDebit: phase('toDebit'), after: phase('after') },
      loops,
      served,
      backends,
    };
  } finally {
    agent.destroy();
    await bench.stop();
  }
}

console.log(
  `knob ${args.knob} (A ${JSON.stringify(knob.A)}, B ${JSON.stringify(knob.B)}), ${rate} slips/s open loop for ${seconds} s, load at start ${loadAverage()}`,
);
const order: ('A' | 'B')[] = [];
for (let pair = 0; pair < Number(args.pairs); pair += 1)
  order.push(...(pair % 2 === 0 ? (['A', 'B'] as const) : (['B', 'A'] as const)));
const results: RoundResult[] = [];
const f = (n: number) => n.toFixed(1);
for (const side of order) {
  const result = await runRound(side);
  results.push(result);
  const { phases: p, loops } = result;
  console.log(
    `${side}: placed ${result.placed}, failed ${result.failed}${result.failures ? ` (${result.failures})` : ''}, load ${result.load}; total p50 ${f(result.total.p50)} p99 ${f(result.total.p99)} ms | p50/p99/mean of the slowest 1%: to house ${f(p.toHouse.p50)}/${f(p.toHouse.p99)}/${f(p.toHouse.tailMean)}, to debit ${f(p.toDebit.p50)}/${f(p.toDebit.p99)}/${f(p.toDebit.tailMean)}, after ${f(p.after.p50)}/${f(p.after.p99)}/${f(p.after.tailMean)} | loop delay p99 (median of seconds)/max, utilisation: ${Object.entries(
      loops,
    )
      .map(
        ([name, loop]) =>
          `${name} ${f(loop.p99)}/${f(loop.max)} ms, ${loop.elu}, GC ${f(loop.gcMsPerS)} ms/s max ${f(loop.gcMax)} ms`,
      )
      .join(', ')} | served (count p50/p99/max ms): ${Object.entries(result.served)
      .map(([route, d]) => `${route} ${d.count} ${f(d.p50)}/${f(d.p99)}/${f(d.max)}`)
      .join(', ')}\n   backends busy (mean count per sample): ${result.backends}`,
  );
}
for (const side of ['A', 'B'] as const) {
  const mine = results.filter((result) => result.side === side);
  if (mine.length === 0) continue;
  console.log(
    `${side} medians over ${mine.length} rounds: p50 ${f(median(mine.map((r) => r.total.p50)))} ms, p99 ${f(median(mine.map((r) => r.total.p99)))} ms`,
  );
}
