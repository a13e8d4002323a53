// Budget of issue 2: GET /wps/system/status and the permission call reach at least 60% of a
// bare Fastify hello-world's requests per second, side by side in one run (50 connections, 10 s).
// Run: npx tsx bench/system-rps.ts   (DATABASE_URL=... to measure on PostgreSQL)
import { SystemPaths } from '@fortuna/contracts/system';
import { startFortuna, startProcess, stopAll, waitForOk } from './support/processes.ts';
import { runWrk } from './support/wrk.ts';

const helloPort = 18080;
const fortunaPort = 18081;
const children = [
  startProcess('bench/support/hello-server.ts', { PORT: String(helloPort) }),
  startFortuna(fortunaPort),
];
try {
  await waitForOk(`http://127.0.0.1:${helloPort}/`);
  await waitForOk(`http://127.0.0.1:${fortunaPort}/readyz`);
  const fortuna = `http://127.0.0.1:${fortunaPort}`;
  // A short warm-up so the JIT and the configuration snapshot are hot before measuring.
  runWrk(`${fortuna}${SystemPaths.permission}`, { seconds: 2 });
  const hello = runWrk(`http://127.0.0.1:${helloPort}/`);
  const rows = [
    hello,
    runWrk(`${fortuna}${SystemPaths.status}`),
    runWrk(`${fortuna}${SystemPaths.permission}`),
  ];
  console.log(`\n| call | req/s | p99 | non-2xx | of hello-world |`);
  console.log('|---|---:|---:|---:|---:|');
  for (const row of rows) {
    const ratio = ((row.requestsPerSecond / hello.requestsPerSecond) * 100).toFixed(0);
    const path = new URL(row.url).pathname;
    console.log(
      `| ${path} | ${row.requestsPerSecond.toFixed(0)} | ${row.latencyP99} | ${row.non2xx} | ${ratio}% |`,
    );
  }
} finally {
  stopAll(children);
}
