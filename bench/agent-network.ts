// Builds the agent network the agent benches read (support/network-generator.ts) in a database of
// its own on the bench PostgreSQL server, and keeps it: generating 10 million bets takes minutes,
// so bench/agent-reports.ts reuses it when it is there.
// Run:  npx tsx bench/agent-network.ts [--database=fortuna_bench_agents] [--downlines=100000]
//         [--levels=5] [--days=90] [--bets=10000000] [--deposits=4] [--replace]
// Drop: psql -h 127.0.0.1 -U postgres -c 'drop database fortuna_bench_agents with (force)'
import pg from 'pg';
import {
  defaultNetworkSize,
  generateNetwork,
  type Network,
  type NetworkSize,
} from './support/network-generator.ts';
import { postgresServerUrl } from './support/postgres.ts';

export const defaultNetworkDatabase = 'fortuna_bench_agents';

function option(name: string): string | undefined {
  const prefix = `--${name}=`;
  return process.argv.find((arg) => arg.startsWith(prefix))?.slice(prefix.length);
}

function numberOption(name: string, fallback: number): number {
  const raw = option(name);
  if (raw === undefined) return fallback;
  const value = Number(raw.replaceAll('_', ''));
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`--${name} must be a whole number ≥ 1`);
  return value;
}

/** The network size asked for on the command line, defaults from the budget. */
export function sizeFromArguments(): NetworkSize {
  return {
    downlines: numberOption('downlines', defaultNetworkSize.downlines),
    levels: numberOption('levels', defaultNetworkSize.levels),
    days: numberOption('days', defaultNetworkSize.days),
    bets: numberOption('bets', defaultNetworkSize.bets),
    depositsPerMember: numberOption('deposits', defaultNetworkSize.depositsPerMember),
  };
}

export function databaseFromArguments(): { name: string; url: string } {
  const name = option('database') ?? defaultNetworkDatabase;
  if (!/^fortuna_bench_[a-z0-9_]+$/.test(name))
    throw new Error('--database must be named fortuna_bench_… (lower case), so no one else’s is touched');
  if (!/^postgres(ql)?:\/\/[^/]*@?(127\.0\.0\.1|localhost)(:\d+)?$/.test(postgresServerUrl))
    throw new Error(`refusing a non-loopback PostgreSQL server: ${postgresServerUrl}`);
  return { name, url: `${postgresServerUrl}/${name}` };
}

/** Creates the database (dropping an earlier one only when `replace`) and generates the network in it. */
export async function buildNetworkDatabase(
  database: { name: string; url: string },
  size: NetworkSize,
  replace: boolean,
): Promise<Network> {
  const admin = new pg.Client({ connectionString: `${postgresServerUrl}/postgres` });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [database.name]);
    if (rowCount && !replace)
      throw new Error(`database ${database.name} exists: pass --replace to build it again`);
    if (rowCount) await admin.query(`drop database ${database.name} with (force)`);
    await admin.query(`create database ${database.name}`);
  } finally {
    await admin.end();
  }
  const startedAt = performance.now();
  const network = await generateNetwork(database.url, size, (line) => console.log(line));
  console.log(`network generated in ${((performance.now() - startedAt) / 1000).toFixed(0)} s`);
  return network;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const database = databaseFromArguments();
  const size = sizeFromArguments();
  console.log(`generating ${JSON.stringify(size)} into ${database.name}`);
  const network = await buildNetworkDatabase(database, size, process.argv.includes('--replace'));
  console.log('\n| agent | username | downlines |\n|---|---|---:|');
  for (const agent of network.agents)
    console.log(`| ${agent.label} | ${agent.username} | ${agent.downlines} |`);
  console.log(`\npassword of every generated member: ${network.password}`);
  console.log(`drop it with: psql -h 127.0.0.1 -U postgres -c 'drop database ${database.name} with (force)'`);
}
