// Budget of issue 6: one API node holds 5,000 open event streams with under 500 MB of memory, and an
// event reaches all of them within 1 s. Fortuna runs on PostgreSQL with Redis (as in production); the
// members and their sessions are written straight into a scratch database (5,000 logins would only
// measure argon2id); every stream is a real authenticated GET /wps/events/stream; the event is the site
// event of a message to everyone (each page then re-reads its unread count), published on Redis as
// another API node would after the operator's call, so the node under test does all the fan-out.
// Run: npx tsx bench/event-streams.ts   (PostgreSQL on 127.0.0.1:5432, Redis on 127.0.0.1:6379;
// STREAMS=… to change the count)
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { EventPaths } from '@fortuna/contracts/events';
import pg from 'pg';
import { createRedisSpace } from '../apps/server/src/platform/redis.ts';
import { createScratchDatabase } from './support/postgres.ts';
import { startFortuna, stopAllAndWait, waitForOk } from './support/processes.ts';

const streamCount = Number(process.env.STREAMS ?? 5_000);
const memoryBudgetMb = 500;
const deliveryBudgetMs = 1_000;
const port = 18_190;
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const host = '127.0.0.1';

/** Resident memory of the server: the biggest process of its group (npx and tsx are its parents). */
function serverRssMb(groupId: number): number {
  let largestKb = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const processGroup = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
      if (processGroup !== groupId) continue;
      const status = readFileSync(`/proc/${entry}/status`, 'utf8');
      largestKb = Math.max(largestKb, Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0));
    } catch {
      // the process ended meanwhile
    }
  }
  return largestKb / 1024;
}

/** Members with live sessions, written the way a login leaves them; answers their bearer tokens. */
async function membersWithSessions(databaseUrl: string, count: number): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const prefix = randomBytes(3).toString('hex');
    const { rows } = await client.query<{ id: string }>(
      `insert into members (username, nickname)
       select $1 || g, $1 || g from generate_series(1, $2::int) g returning id`,
      [`bench${prefix}_`, count],
    );
    const tokens = rows.map(() => randomBytes(32).toString('base64url'));
    await client.query(
      `insert into member_sessions (token_hash, member_id, kind, ip, expires_at)
       select unnest($1::text[]), unnest($2::bigint[]), 'PASSWORD', '127.0.0.1', now() + interval '2 hours'`,
      [tokens.map((token) => createHash('sha256').update(token).digest('hex')), rows.map((row) => row.id)],
    );
    return tokens;
  } finally {
    await client.end();
  }
}

interface OpenStream {
  /** Resolves at the first `data:` line whose JSON has this type. */
  waitFor(type: string): Promise<number>;
  close(): void;
}

const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });

/** One page's stream over a raw socket (fetch would hold far more memory per stream in this process). */
function openStream(token: string): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const waiting = new Map<string, (at: number) => void>();
    // The hello often comes in the response's first chunk, whose 'data' event (a nextTick) runs
    // before the caller's `waitFor`: an event heard before anyone waited is kept for them.
    const heardEarly = new Map<string, number>();
    const request = http.get(
      { host, port, path: EventPaths.stream, agent, headers: { authorization: `Bearer ${token}` } },
      (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`stream answered ${response.statusCode}`));
          response.resume();
          return;
        }
        let buffered = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          const at = performance.now();
          buffered += chunk;
          let end = buffered.indexOf('\n\n');
          while (end >= 0) {
            const frame = buffered.slice(0, end);
            buffered = buffered.slice(end + 2);
            if (frame.startsWith('data: ')) {
              const type = (JSON.parse(frame.slice(6)) as { type: string }).type;
              const waiter = waiting.get(type);
              if (waiter) waiter(at);
              else heardEarly.set(type, at);
              waiting.delete(type);
            }
            end = buffered.indexOf('\n\n');
          }
        });
        resolve({
          waitFor: (type) =>
            new Promise((heard) => {
              const at = heardEarly.get(type);
              if (at === undefined) waiting.set(type, heard);
              else {
                heardEarly.delete(type);
                heard(at);
              }
            }),
          close: () => request.destroy(),
        });
      },
    );
    request.on('error', reject);
  });
}

async function openAll(tokens: string[]): Promise<OpenStream[]> {
  const streams: OpenStream[] = [];
  const batch = 250;
  for (let index = 0; index < tokens.length; index += batch) {
    const opened = await Promise.all(
      tokens.slice(index, index + batch).map(async (token) => {
        const stream = await openStream(token);
        await stream.waitFor('hello');
        return stream;
      }),
    );
    streams.push(...opened);
  }
  return streams;
}

const database = await createScratchDatabase();
// The server's Redis space (apps/server/src/platform/redis.ts), where the broadcast is published.
const deploymentName = `bench-${process.pid}`;
const server = startFortuna(port, {
  DATABASE_URL: database.url,
  REDIS_URL: redisUrl,
  DEPLOYMENT_NAME: deploymentName,
});
let failed = false;
try {
  await waitForOk(`http://${host}:${port}/readyz`);
  const groupId = server.pid ?? -1;
  const idleMb = serverRssMb(groupId);
  const tokens = await membersWithSessions(database.url, streamCount);

  const openedAt = performance.now();
  const streams = await openAll(tokens);
  const openSeconds = (performance.now() - openedAt) / 1000;
  // Let the allocations of the opening burst settle before reading the resident size.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const holdingMb = serverRssMb(groupId);

  const publisher = await createRedisSpace(redisUrl, deploymentName).pubSub();
  const heard = streams.map((stream) => stream.waitFor('broadcastMessages'));
  const sentAt = performance.now();
  await publisher.publish('site', JSON.stringify({ origin: 'bench', event: { type: 'broadcastMessages' } }));
  const arrivals = await Promise.race([
    Promise.all(heard),
    new Promise<null>((resolve) => setTimeout(() => resolve(null), 10_000)),
  ]);
  await publisher.close();
  const lastMs = arrivals ? Math.max(...arrivals) - sentAt : Number.POSITIVE_INFINITY;
  const sorted = arrivals ? [...arrivals].map((at) => at - sentAt).sort((a, b) => a - b) : [];
  const p50 = sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;

  for (const stream of streams) stream.close();
  const memoryOk = holdingMb < memoryBudgetMb;
  const deliveryOk = lastMs < deliveryBudgetMs;
  failed = !memoryOk || !deliveryOk;
  console.log(
    [
      `| streams | server RSS idle | RSS holding streams | per stream | opened in | event to all (p50 / last) |`,
      `|---|---|---|---|---|---|`,
      `| ${streams.length} | ${idleMb.toFixed(0)} MB | ${holdingMb.toFixed(0)} MB (budget < ${memoryBudgetMb}) | ${(((holdingMb - idleMb) * 1024) / streams.length).toFixed(1)} KB | ${openSeconds.toFixed(1)} s | ${p50.toFixed(0)} ms / ${lastMs.toFixed(0)} ms (budget < ${deliveryBudgetMs}) |`,
      '',
      `memory ${memoryOk ? 'met' : 'MISSED'}, delivery ${deliveryOk ? 'met' : 'MISSED'}`,
    ].join('\n'),
  );
} finally {
  await stopAllAndWait([server]);
  await database.drop();
}
process.exit(failed ? 1 : 0);
