// Two (or more) builds of the lobby side by side on a loaded machine (issue 19): runs Lighthouse's
// mobile preset on `/` of each running lobby in turn, `runs` times, and prints each one's median
// performance, TBT, LCP and main-thread time. Turn by turn, so a neighbour's load falls on both.
// Start each lobby first, e.g. WEB_DIST_DIR=/tmp/dist-before PORT=… npx tsx apps/server/src/main.ts
// (with HOUSE_GAMES_URL and HOUSE_VENDOR_SECRET set, as bench/lighthouse.ts does).
// Usage: npx tsx bench/lighthouse-compare.ts RUNS http://127.0.0.1:P1/ http://127.0.0.1:P2/
// LIGHTHOUSE_PRESET=desktop compares with the desktop preset instead (the desktop budget is 100).
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Config } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromiumFlags, chromiumPath } from './support/chromium.ts';

const runs = Number(process.argv[2] ?? 3);
const config: Config | undefined = process.env.LIGHTHOUSE_PRESET === 'desktop' ? desktopConfig : undefined;
const urls = process.argv.slice(3);
type Figures = { performance: number; tbt: number; lcp: number; mainThread: number; benchmark: number };
const figures = new Map<string, Figures[]>(urls.map((url) => [url, []]));
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

const chrome = await chromeLauncher.launch({
  chromePath: chromiumPath,
  chromeFlags: [...chromiumFlags, '--headless=new'],
});
try {
  for (let run = 1; run <= runs; run += 1)
    for (const url of urls) {
      const result = await lighthouse(
        url,
        { port: chrome.port, output: 'json', onlyCategories: ['performance'] },
        config,
      );
      const lhr = result?.lhr;
      if (!lhr || lhr.runtimeError) {
        console.log(`${url} run ${run}: ${lhr?.runtimeError?.code ?? 'no result'}`);
        continue;
      }
      const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      const entry = {
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        tbt: value('total-blocking-time'),
        lcp: value('largest-contentful-paint'),
        mainThread: value('mainthread-work-breakdown'),
        benchmark: lhr.environment.benchmarkIndex,
      };
      figures.get(url)?.push(entry);
      console.log(
        `${url} run ${run}: performance ${entry.performance}, TBT ${Math.round(entry.tbt)} ms, LCP ${Math.round(entry.lcp)} ms, main thread ${Math.round(entry.mainThread)} ms (benchmark index ${Math.round(entry.benchmark)})`,
      );
    }
  for (const [url, list] of figures) {
    const of = (key: keyof Figures) => Math.round(median(list.map((entry) => entry[key])));
    console.log(
      `median of ${list.length} at ${url}: performance ${of('performance')}, TBT ${of('tbt')} ms, LCP ${of('lcp')} ms, main thread ${of('mainThread')} ms, benchmark index ${of('benchmark')}`,
    );
  }
} finally {
  chrome.kill();
}
