// Where home's start-up spends the main thread (issue 19): loads `/` of a running lobby at 390 px
// with the mobile preset's 4× CPU slowdown, records a CPU profile from navigation until the page
// is idle, and prints the long tasks and the self time per script and per function. A tool for
// finding what to cut, not a budget: run it alternately against two builds and compare.
// Usage: npx tsx bench/home-profile.ts [runs] http://127.0.0.1:PORT/ [http://127.0.0.1:OTHER/ …]
// (several lobbies: measured in turn, each run, and summed up as medians at the end; QUIET=1
// prints only the summaries).
import { chromium } from '@playwright/test';
import { SourceMapConsumer } from 'source-map-js';
import { chromiumFlags, chromiumPath } from './support/chromium.ts';

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
};
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

const runs = Number(process.argv[2] ?? 1);
const urls = process.argv.slice(3);
const quiet = process.env.QUIET === '1';
type Summary = {
  blocking: number;
  script: number;
  zod: number;
  react: number;
  zodCalls: number;
  reactCalls: number;
};
const summaries = new Map<string, Summary[]>();
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });

// A build with source maps (`npx vite build --sourcemap`) names the source files and functions.
const maps = new Map<string, SourceMapConsumer | null>();
async function sourceMapOf(scriptUrl: string) {
  if (!maps.has(scriptUrl)) {
    const answer = await fetch(`${scriptUrl}.map`).catch(() => null);
    maps.set(scriptUrl, answer?.ok ? new SourceMapConsumer(await answer.json()) : null);
  }
  return maps.get(scriptUrl) ?? null;
}

async function selfTimes(profile: Profile) {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  for (const node of profile.nodes) {
    const frame = node.callFrame;
    const map = frame.url.startsWith('http') ? await sourceMapOf(frame.url) : null;
    const original = map?.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
    if (original?.source) {
      frame.url = `map:${original.source.replace(/^(\.\.\/)+/, '')}`;
      frame.functionName = original.name ?? frame.functionName;
      frame.lineNumber = (original.line ?? 1) - 1;
    }
  }
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  // The innermost of our own source files on the stack: what Zod's or React's time was spent for.
  const ownFileOf = (id: number): string => {
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
      const url = byNode.get(at)?.callFrame.url ?? '';
      if (url.startsWith('map:') && !url.includes('node_modules')) return url.slice(4);
    }
    return '(none of ours)';
  };
  const perScript = new Map<string, number>();
  const perFunction = new Map<string, number>();
  const perOwnFile = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const own = ownFileOf(id);
    perOwnFile.set(own, (perOwnFile.get(own) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
    const frame = byNode.get(id)?.callFrame;
    const ms = (profile.timeDeltas[index] ?? 0) / 1000;
    const script = frame?.url.startsWith('map:')
      ? frame.url.slice(4)
      : frame?.url
        ? new URL(frame.url).pathname
        : `(${frame?.functionName || 'native'})`;
    perScript.set(script, (perScript.get(script) ?? 0) + ms);
    const name = `${frame?.functionName || '(anonymous)'} ${script}:${frame?.lineNumber ?? 0}`;
    perFunction.set(name, (perFunction.get(name) ?? 0) + ms);
  });
  return { perScript, perFunction, perOwnFile };
}

const top = (map: Map<string, number>, count: number) => [...map].sort((a, b) => b[1] - a[1]).slice(0, count);

try {
  for (let run = 1; run <= runs; run += 1)
    for (const url of urls) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
      // Calls per script: work counted rather than timed, so two builds compare on a loaded machine.
      await cdp.send('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
      // Long tasks as the page sees them, from the first script on.
      await page.addInitScript(() => {
        const tasks: { start: number; duration: number }[] = [];
        (window as unknown as { longTasks: typeof tasks }).longTasks = tasks;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries())
            tasks.push({ start: entry.startTime, duration: entry.duration });
        }).observe({ type: 'longtask', buffered: true });
      });
      await page.goto(url);
      // The lobby's home drawn, then its answers in and rendered.
      await page.waitForSelector('#root .home', { timeout: 120_000 });
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(2000);
      const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
      const coverage = (await cdp.send('Profiler.takePreciseCoverage')) as {
        result: { url: string; functions: { ranges: { count: number }[] }[] }[];
      };
      const callsIn = (pattern: RegExp) =>
        coverage.result
          .filter((script) => pattern.test(script.url))
          .flatMap((script) => script.functions)
          .reduce((total, fn) => total + (fn.ranges[0]?.count ?? 0), 0);
      const longTasks = await page.evaluate(
        () => (window as unknown as { longTasks: { start: number; duration: number }[] }).longTasks,
      );
      const blocking = longTasks.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0);
      const elements = await page.evaluate(() => document.querySelectorAll('*').length);
      const { perScript, perFunction, perOwnFile } = await selfTimes(profile);
      const sum = (test: (script: string) => boolean) =>
        [...perScript].filter(([script]) => test(script)).reduce((total, [, ms]) => total + ms, 0);
      const summary: Summary = {
        blocking,
        script: sum((script) => !script.startsWith('(')),
        zod: sum((script) => /zod/.test(script)),
        react: sum((script) => /react-dom|react-vendor|scheduler/.test(script)),
        zodCalls: callsIn(/\/zod-[^/]*\.js$/),
        reactCalls: callsIn(/\/react-vendor-[^/]*\.js$/),
      };
      summaries.set(url, [...(summaries.get(url) ?? []), summary]);
      console.log(
        `${url} run ${run}: ${longTasks.length} long tasks, blocking ${Math.round(blocking)} ms, ${elements} elements, script ${Math.round(summary.script)} ms (zod ${Math.round(summary.zod)}, react ${Math.round(summary.react)}); function calls: zod ${summary.zodCalls}, react ${summary.reactCalls}`,
      );
      if (quiet) {
        await context.close();
        continue;
      }
      for (const task of longTasks)
        console.log(`  long task at ${Math.round(task.start)} ms: ${Math.round(task.duration)} ms`);
      console.log('  self time per script (ms):');
      for (const [script, ms] of top(perScript, 30)) console.log(`  ${ms.toFixed(0).padStart(7)}  ${script}`);
      console.log('  time per own source file, with the library calls it made (ms):');
      for (const [file, ms] of top(perOwnFile, 40)) console.log(`  ${ms.toFixed(0).padStart(7)}  ${file}`);
      console.log('  self time per function (ms):');
      for (const [name, ms] of top(perFunction, 40)) console.log(`  ${ms.toFixed(0).padStart(7)}  ${name}`);
      await context.close();
    }
  for (const [url, list] of summaries) {
    const of = (key: keyof (typeof list)[number]) => Math.round(median(list.map((entry) => entry[key])));
    console.log(
      `median of ${list.length} at ${url}: blocking ${of('blocking')} ms, script ${of('script')} ms, zod ${of('zod')} ms, react ${of('react')} ms; function calls: zod ${of('zodCalls')}, react ${of('reactCalls')}`,
    );
  }
} finally {
  await browser.close();
}
