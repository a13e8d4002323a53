import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { percentile } from './http-load.ts';

/**
 * The SQL of one member-to-member transfer, as the ledger writes it (ledger.service.ts postWith):
 * claim the idempotency key with the transaction row, two conditional balance updates in account
 * order (lowest id first, so concurrent transfers cannot deadlock), then both entries with the
 * balance after each. `firstAccountId … firstAccountId + accountCount - 1` are the accounts to
 * move between; each transaction picks two different ones at random.
 */
export function transferScript(firstAccountId: bigint, accountCount: number): string {
  return `\\set n ${accountCount}
\\set a random(0, :n - 1)
\\set b (:a + random(1, :n - 1)) % :n
\\set amount random(100, 5000)
\\set payer ${firstAccountId} + :a
\\set payee ${firstAccountId} + :b
\\set low least(:payer, :payee)
\\set high greatest(:payer, :payee)
\\set dlow case when :payer < :payee then -:amount else :amount end
\\set dhigh -:dlow
BEGIN;
insert into ledger_transactions (type, reference, actor, idempotency_key, request_fingerprint) values ('TRANSFER', 'pgbench transfer', 'pgbench', 'pgbench:' || gen_random_uuid(), 'pgbench') returning id as tx \\gset
update ledger_accounts set balance_minor = balance_minor + :dlow where id = :low and (kind not like 'MEMBER%' or balance_minor + :dlow >= 0) returning balance_minor as low_after \\gset
update ledger_accounts set balance_minor = balance_minor + :dhigh where id = :high and (kind not like 'MEMBER%' or balance_minor + :dhigh >= 0) returning balance_minor as high_after \\gset
insert into ledger_entries (transaction_id, account_id, amount_minor, balance_after_minor) values (:tx, :low, :dlow, :low_after), (:tx, :high, :dhigh, :high_after);
END;
`;
}

/** pgbench from PATH (Debian postgresql-client), else from the server package. */
export function pgbenchBinary(): string {
  try {
    return execFileSync('which', ['pgbench'], { encoding: 'utf8' }).trim();
  } catch {
    const root = '/usr/lib/postgresql';
    const found = existsSync(root)
      ? readdirSync(root)
          .map((version) => join(root, version, 'bin', 'pgbench'))
          .find((path) => existsSync(path))
      : undefined;
    if (!found) throw new Error('pgbench not found: install postgresql-client');
    return found;
  }
}

export interface PgbenchResult {
  transactionsPerSecond: number;
  transactions: number;
  failed: number;
  /** Milliseconds, from pgbench's per-transaction log. */
  latencyP50: number;
  latencyP99: number;
  /** When each transaction ended (epoch milliseconds), to count those inside a time window. */
  endedAt: number[];
}

/**
 * Runs `script` with pgbench against `databaseUrl` (loopback only): `clients` connections, `threads`
 * client threads, for `seconds`, no vacuum of pgbench's own tables (-n: this database has none).
 * Latency percentiles come from the per-transaction log (-l), which pgbench writes per thread.
 */
export async function runPgbench(
  databaseUrl: string,
  script: string,
  { clients = 50, threads = 2, seconds = 10 }: { clients?: number; threads?: number; seconds?: number } = {},
): Promise<PgbenchResult> {
  if (!/^postgres(ql)?:\/\/[^/]*@?(127\.0\.0\.1|localhost)(:\d+)?\//.test(databaseUrl))
    throw new Error(`refusing a non-loopback PostgreSQL server: ${databaseUrl}`);
  const directory = mkdtempSync(join(tmpdir(), 'fortuna-pgbench-'));
  try {
    const scriptFile = join(directory, 'transfer.sql');
    writeFileSync(scriptFile, script);
    // Asynchronous, so the caller can sample CPU time while it runs.
    const output = await new Promise<string>((resolve, reject) =>
      execFile(
        pgbenchBinary(),
        [
          '-n',
          `-c${clients}`,
          `-j${threads}`,
          `-T${seconds}`,
          '-l',
          `--log-prefix=${join(directory, 'log')}`,
          '-f',
          scriptFile,
          databaseUrl,
        ],
        { encoding: 'utf8', timeout: (seconds + 30) * 1000, cwd: directory },
        (error, stdout, stderr) =>
          error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout),
      ),
    );
    const tps = output.match(/tps = ([\d.]+) \(without initial connection time\)/)?.[1];
    const processed = output.match(/number of transactions actually processed: (\d+)/)?.[1];
    if (!tps || !processed) throw new Error(`pgbench printed no tps:\n${output}`);
    const failed = Number(output.match(/number of failed transactions: (\d+)/)?.[1] ?? 0);
    // Each log line: client, transaction number, latency in µs, script, epoch seconds, µs.
    const lines = readdirSync(directory)
      .filter((name) => name.startsWith('log'))
      .flatMap((name) => readFileSync(join(directory, name), 'utf8').split('\n').filter(Boolean))
      .map((line) => line.split(' ').map(Number));
    const latencies = lines.map((fields) => (fields[2] ?? 0) / 1000).sort((a, b) => a - b);
    return {
      transactionsPerSecond: Number(tps),
      transactions: Number(processed),
      failed,
      latencyP50: percentile(latencies, 50),
      latencyP99: percentile(latencies, 99),
      endedAt: lines.map((fields) => (fields[4] ?? 0) * 1000 + (fields[5] ?? 0) / 1000),
    };
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}
