// Budget of issue 6: the announcements list (GET /wps/relay/MCSFE_getListAnnouncements, a visitor,
// the demo seed's eleven announcements) reaches at least 50% of a bare Fastify hello-world's
// requests per second in the same run. The home notice and banner calls ride along for the record.
// Three interleaved rounds of 10 s, 50 connections; the median of the rounds' ratios is judged.
// Run: npx tsx bench/announcements-rps.ts   (DATABASE_URL=... to measure on PostgreSQL)
import { AnnouncementPaths } from '@fortuna/contracts/announcements';
import { BannerPaths, NoticePaths } from '@fortuna/contracts/home-content';
import { startFortuna, startProcess, stopAll, waitForOk } from './support/processes.ts';
import { runWrk, type WrkResult } from './support/wrk.ts';

const helloPort = 18290;
const fortunaPort = 18291;
const rounds = 3;
const budget = 0.5;
const children = [
  startProcess('bench/support/hello-server.ts', { PORT: String(helloPort) }),
  startFortuna(fortunaPort),
];
try {
  await waitForOk(`http://127.0.0.1:${helloPort}/`);
  await waitForOk(`http://127.0.0.1:${fortunaPort}/readyz`, 120_000);
  const fortuna = `http://127.0.0.1:${fortunaPort}`;
  const calls = {
    'announcements EN, page 1': `${fortuna}${AnnouncementPaths.list}?lang=EN`,
    'announcements TY, page 2': `${fortuna}${AnnouncementPaths.list}?lang=TY&pageNo=2`,
    'home notice': `${fortuna}${NoticePaths.list}?lang=EN`,
    'home banners': `${fortuna}${BannerPaths.list}?lang=EN&group=w_home`,
  };
  // A short warm-up so the JIT and the content snapshot are hot before measuring.
  for (const url of Object.values(calls)) runWrk(url, { seconds: 2 });

  const ratios = new Map<string, number[]>();
  const results = new Map<string, WrkResult[]>();
  for (let round = 1; round <= rounds; round += 1) {
    const hello = runWrk(`http://127.0.0.1:${helloPort}/`);
    results.set('hello-world', [...(results.get('hello-world') ?? []), hello]);
    for (const [name, url] of Object.entries(calls)) {
      const result = runWrk(url);
      if (result.non2xx > 0) throw new Error(`${name}: ${result.non2xx} answers were not 2xx`);
      results.set(name, [...(results.get(name) ?? []), result]);
      ratios.set(name, [...(ratios.get(name) ?? []), result.requestsPerSecond / hello.requestsPerSecond]);
    }
  }

  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const percent = (value: number) => `${(value * 100).toFixed(0)}%`;
  console.log(`\n| call | req/s per round | p99 per round | of hello-world per round | median |`);
  console.log('|---|---:|---:|---:|---:|');
  for (const [name, runs] of results) {
    const rps = runs.map((run) => run.requestsPerSecond.toFixed(0)).join(' / ');
    const p99 = runs.map((run) => run.latencyP99).join(' / ');
    const own = ratios.get(name);
    const shares = own ? own.map(percent).join(' / ') : '—';
    console.log(`| ${name} | ${rps} | ${p99} | ${shares} | ${own ? percent(median(own)) : '—'} |`);
  }
  const judged = median(ratios.get('announcements EN, page 1') ?? []);
  console.log(
    `\nannouncements list: ${percent(judged)} of hello-world (budget ${percent(budget)}): ${judged >= budget ? 'met' : 'MISSED'}`,
  );
} finally {
  stopAll(children);
}
