// Budgets of issue 15 on PostgreSQL, over the network of bench/agent-network.ts (100,000 downlines
// over five levels, 10 million bets over 90 days): the team overview and the profit-loss statement
// over 30 days answer with a p95 under 200 ms for the top agent (100k downlines) and under 50 ms for
// a level-2 agent (~1,000 downlines); and the report time at ~1k, ~10k and ~100k downlines, printed
// as a curve, is at 100k at most 3× the time at 1k.
//
// Fortuna is started on the network's database (port 9610) and each agent logs in on the agent
// page as the lobby would. Every call is timed sequentially, one request in flight (the time an
// agent waits for the page, not a throughput): per agent and call, `repeats` runs of `samples`
// requests after a warm-up, and the verdict takes the median over the runs of each run's p95 (and
// of each run's median for the curve), so one run disturbed by other work on the shared machine
// does not decide alone. Each answer's bet totals are then checked against the raw bet records.
// Run: npx tsx bench/agent-network.ts (once, ~minutes), then npx tsx bench/agent-reports.ts
//      [--database=fortuna_bench_agents] [--samples=40] [--repeats=5] [--run-cap-seconds=60]
import type { ChildProcess } from 'node:child_process';
import { execSync } from 'node:child_process';
import { AgentPaths } from '@fortuna/contracts/agent';
import pg from 'pg';
import { databaseFromArguments } from './agent-network.ts';
import { fortunaClient } from './support/fortuna-client.ts';
import { percentile } from './support/http-load.ts';
import { type NetworkAgent, readNetwork } from './support/network-generator.ts';
import { startFortuna, stopAllAndWait, waitForOk } from './support/processes.ts';

const fortunaPort = 9610;
const periodDays = 30;
const budgets = { topP95Ms: 200, midP95Ms: 50, curveRatio: 3 };

const argument = (name: string, fallback: number) => {
  const raw = process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];
  return raw === undefined ? fallback : Number(raw);
};
const samples = argument('samples', 40);
const repeats = argument('repeats', 5);
const runCapMs = argument('run-cap-seconds', 60) * 1000;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};
const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/** The calls measured, over the last 30 days (inclusive dates, as the account records take them). */
function callsOver(from: string, to: string) {
  const period = `from=${from}&to=${to}`;
  return [
    { label: 'team overview', path: `${AgentPaths.teamOverview}?${period}` },
    { label: 'profit-loss statement', path: `${AgentPaths.profitLossReport}?${period}` },
  ];
}

interface Timing {
  agent: NetworkAgent;
  call: string;
  p95s: number[];
  medians: number[];
  /** Requests per run (fewer than `samples` when the run hit its time cap). */
  counts: number[];
}

interface BetTotals {
  rounds: number;
  stakeMinor: string;
  validBetMinor: string;
  payoutMinor: string;
}
interface Answer {
  value: { period: { from: string; to: string }; bets?: BetTotals; totals?: { bets: BetTotals } };
}

/**
 * A fast answer must also be a right one: the line's settled rounds in the period the answer says
 * it covered, summed from the raw bet records through the line's closure, against the answer's
 * totals (the overview's `bets`, the statement's `totals.bets`: the whole line below the agent).
 */
async function checkAgainstRawRecords(agent: NetworkAgent, call: string, answer: Answer): Promise<void> {
  const { period } = answer.value;
  const answered = answer.value.bets ?? answer.value.totals?.bets;
  const { rows } = await pool.query<{ rounds: number; stake: string; valid: string; payout: string }>(
    `select count(*)::int as rounds, coalesce(sum(stake_minor), 0)::text as stake,
            coalesce(sum(valid_bet_minor), 0)::text as valid, coalesce(sum(payout_minor), 0)::text as payout
       from line_closure line join bet_records bet on bet.member_id = line.member_id
      where line.ancestor_id = $1 and line.depth > 0 and bet.status = 'SETTLED'
        and bet.settled_at >= $2 and bet.settled_at <= $3`,
    [agent.memberId, period.from, period.to],
  );
  const raw = rows[0] as { rounds: number; stake: string; valid: string; payout: string };
  const same =
    answered !== undefined &&
    answered.rounds === raw.rounds &&
    answered.stakeMinor === raw.stake &&
    answered.validBetMinor === raw.valid &&
    answered.payoutMinor === raw.payout;
  const said = `${call} for ${agent.username} over ${period.from} … ${period.to}: answered ${JSON.stringify(answered)}, raw records ${JSON.stringify(raw)}`;
  if (!same) throw new Error(`the answer disagrees with the raw records: ${said}`);
  console.log(
    `  agrees with the raw records: ${raw.rounds} rounds, stake ${raw.stake}, payout ${raw.payout}`,
  );
}

const database = databaseFromArguments();
const network = await readNetwork(database.url);
if (!network) {
  console.error(
    `no network in ${database.name}: build it first with npx tsx bench/agent-network.ts --database=${database.name}`,
  );
  process.exit(1);
}
const children: ChildProcess[] = [];
const pool = new pg.Pool({ connectionString: database.url, max: 2 });
try {
  children.push(startFortuna(fortunaPort, { DATABASE_URL: database.url }));
  const fortuna = `http://127.0.0.1:${fortunaPort}`;
  await waitForOk(`${fortuna}/readyz`, 120_000);
  const client = fortunaClient(fortuna, pool);

  const today = new Date();
  const from = isoDate(new Date(today.getTime() - (periodDays - 1) * 86_400_000));
  const calls = callsOver(from, isoDate(today));
  const timings: Timing[] = [];
  const load = () => execSync('cat /proc/loadavg').toString().split(' ').slice(0, 3).join(' ');
  console.log(`load average before: ${load()}; ${samples} requests × ${repeats} runs per agent and call`);
  for (const agent of network.agents) {
    const token = await client.logIn({
      username: agent.username,
      password: network.password,
      type: 'username',
      page: 'agent',
      sliderTicket: await client.sliderTicket('login'),
    });
    const headers = { authorization: `Bearer ${token}` };
    for (const call of calls) {
      const timeOnce = async () => {
        const startedAt = performance.now();
        const answer = await fetch(`${fortuna}${call.path}`, { headers });
        const body = await answer.text();
        const ms = performance.now() - startedAt;
        if (answer.status !== 200)
          throw new Error(`${call.label} for ${agent.username}: HTTP ${answer.status} ${body.slice(0, 300)}`);
        return ms;
      };
      for (let warm = 0; warm < 3; warm += 1) if ((await timeOnce()) > runCapMs / 3) break;
      const timing: Timing = { agent, call: call.label, p95s: [], medians: [], counts: [] };
      for (let run = 0; run < repeats; run += 1) {
        const times: number[] = [];
        // A call far over its budget would hold the run for hours: a run ends after `runCapMs` too
        // (at least 3 requests), and the table says how many requests each run had.
        const runStartedAt = performance.now();
        for (let sample = 0; sample < samples; sample += 1) {
          times.push(await timeOnce());
          if (sample >= 2 && performance.now() - runStartedAt > runCapMs) break;
        }
        timing.counts.push(times.length);
        times.sort((a, b) => a - b);
        timing.p95s.push(percentile(times, 95));
        timing.medians.push(percentile(times, 50));
      }
      timings.push(timing);
      await checkAgainstRawRecords(
        agent,
        call.label,
        await (await fetch(`${fortuna}${call.path}`, { headers })).json(),
      );
      console.log(
        `${agent.label} (${agent.downlines} downlines), ${call.label}: p95 per run ${timing.p95s.map((ms) => ms.toFixed(1)).join(', ')} ms`,
      );
    }
  }
  console.log(`load average after: ${load()}`);

  const ms = (value: number) => `${value.toFixed(1)} ms`;
  console.log(
    `\nPostgreSQL database ${database.name}: ${network.size.downlines.toLocaleString('en')} downlines over ${network.size.levels} levels, ${network.size.bets.toLocaleString('en')} bets over ${network.size.days} days; period ${from} … ${isoDate(today)}\n`,
  );
  console.log(
    '| agent | downlines | call | median of runs: p50 | median of runs: p95 | p95 per run (requests) |',
  );
  console.log('|---|---:|---|---:|---:|---|');
  for (const row of timings)
    console.log(
      `| ${row.agent.label} | ${row.agent.downlines.toLocaleString('en')} | ${row.call} | ${ms(median(row.medians))} | ${ms(median(row.p95s))} | ${row.p95s.map((value, run) => `${value.toFixed(1)} (${row.counts[run]})`).join(', ')} |`,
    );

  const top = network.agents[0] as NetworkAgent;
  // The agent nearest 1,000 downlines below the top: the mid-level agent of the budget.
  const mid = network.agents
    .filter((agent) => agent !== top)
    .reduce((best, agent) =>
      Math.abs(Math.log(agent.downlines / 1000)) < Math.abs(Math.log(best.downlines / 1000)) ? agent : best,
    );
  const verdicts: string[] = [];
  let met = true;
  for (const call of calls) {
    const of = (agent: NetworkAgent) =>
      timings.find((row) => row.agent === agent && row.call === call.label) as Timing;
    const topP95 = median(of(top).p95s);
    const midP95 = median(of(mid).p95s);
    const ratio = median(of(top).medians) / median(of(mid).medians);
    const ok = [topP95 < budgets.topP95Ms, midP95 < budgets.midP95Ms, ratio <= budgets.curveRatio];
    met &&= ok.every(Boolean);
    verdicts.push(
      `${call.label}: top agent p95 ${ms(topP95)} (budget < ${budgets.topP95Ms} ms) ${ok[0] ? 'met' : 'MISSED'}; ` +
        `${mid.downlines}-downline agent p95 ${ms(midP95)} (budget < ${budgets.midP95Ms} ms) ${ok[1] ? 'met' : 'MISSED'}; ` +
        `curve ${network.agents.map((agent) => `${agent.downlines}: ${ms(median(of(agent).medians))}`).join(' → ')}, ` +
        `top ÷ ${mid.downlines} = ${ratio.toFixed(2)}× (budget ≤ ${budgets.curveRatio}×) ${ok[2] ? 'met' : 'MISSED'}`,
    );
  }
  console.log(`\n${verdicts.join('\n')}`);
  process.exitCode = met ? 0 : 1;
} finally {
  await pool.end();
  await stopAllAndWait(children);
}
