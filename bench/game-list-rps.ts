// Budget of issue 5: the game list and hot games over the full catalogue (the seeded ~5,000 games)
// answer with p99 under 30 ms at 50 connections and at least 40% of a bare Fastify hello-world's
// requests per second, side by side in one run (50 connections, 10 s).
// Run: npx tsx bench/game-list-rps.ts   (DATABASE_URL=... to measure on PostgreSQL)
import { GamePaths } from '@fortuna/contracts/games';
import { startFortuna, startProcess, stopAll, waitForOk } from './support/processes.ts';
import { runWrk } from './support/wrk.ts';

const helloPort = 18500;
const fortunaPort = 18501;
const children = [
  startProcess('bench/support/hello-server.ts', { PORT: String(helloPort) }),
  startFortuna(fortunaPort),
];
try {
  await waitForOk(`http://127.0.0.1:${helloPort}/`);
  await waitForOk(`http://127.0.0.1:${fortunaPort}/readyz`, 180_000);
  const fortuna = `http://127.0.0.1:${fortunaPort}`;
  const lists = {
    rng: `${fortuna}${GamePaths.gameList}?clientType=3&gameType=RNG&pageNo=7&pageSize=20&language=EN`,
    vendor: `${fortuna}${GamePaths.gameList}?clientType=3&gameType=RNG&vassalage=JL&pageNo=3&pageSize=20&language=TY`,
    hot: `${fortuna}${GamePaths.hotGames}?isPlatform=2&platform=html5-desktop&language=EN&imgSize=rx2`,
  };
  const total = await (await fetch(`${lists.rng.replace('pageNo=7', 'pageNo=1')}`)).json();
  const rngGames = Number(total.value.totalElements);
  console.log(`catalogue: ${rngGames} RNG games listed`);
  // Every page of the RNG list in both shipped languages, asked in turn: the whole catalogue's
  // answers rather than one page repeated (each is built once, then kept until the snapshot changes).
  const everyPage = ['EN', 'TY'].flatMap((language) =>
    Array.from(
      { length: Math.ceil(rngGames / 20) },
      (_, page) =>
        `${GamePaths.gameList}?clientType=3&gameType=RNG&pageNo=${page + 1}&pageSize=20&language=${language}`,
    ),
  );
  // A short warm-up so the JIT and the catalogue snapshot are hot before measuring (not of every
  // page: their first answers are part of what the round-robin row measures).
  for (const url of Object.values(lists)) runWrk(url, { seconds: 2 });
  const hello = runWrk(`http://127.0.0.1:${helloPort}/`);
  const label = (url: string) => {
    const { pathname, search } = new URL(url);
    return `${pathname}${search.slice(0, 60)}`;
  };
  const rows = [
    { label: 'hello-world', result: hello },
    ...Object.values(lists).map((url) => ({ label: label(url), result: runWrk(url) })),
    {
      label: `every RNG page, EN and TY (${everyPage.length} lists in turn)`,
      result: runWrk(`${fortuna}/`, { paths: everyPage }),
    },
  ];
  console.log(`\n| call | req/s | p99 | non-2xx | of hello-world |`);
  console.log('|---|---:|---:|---:|---:|');
  for (const { label: call, result } of rows) {
    const ratio = ((result.requestsPerSecond / hello.requestsPerSecond) * 100).toFixed(0);
    console.log(
      `| ${call} | ${result.requestsPerSecond.toFixed(0)} | ${result.latencyP99} | ${result.non2xx} | ${ratio}% |`,
    );
  }
} finally {
  stopAll(children);
}
