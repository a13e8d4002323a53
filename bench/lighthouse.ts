// Budgets of issues 2 and 5: Lighthouse desktop performance >= 90 and accessibility >= 95 on `/`,
// over the full seeded catalogue (the server seeds it at start, as `npm start` does), and no layout
// shift (the lazy game images keep their place).
// Run after `npm run build`: npx tsx bench/lighthouse.ts (LIGHTHOUSE_JSON=path keeps the report).
import { writeFileSync } from 'node:fs';
import { GamePaths, GameVendorsResponseSchema } from '@fortuna/contracts/games';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromiumFlags, chromiumPath } from './support/chromium.ts';
import { startFortuna, stopAll, waitForOk } from './support/processes.ts';

const port = 18083;
const server = startFortuna(port);
const chrome = await chromeLauncher.launch({
  chromePath: chromiumPath,
  chromeFlags: [...chromiumFlags, '--headless=new'],
});
try {
  await waitForOk(`http://127.0.0.1:${port}/readyz`);
  const categories = GameVendorsResponseSchema.parse(
    await (await fetch(`http://127.0.0.1:${port}${GamePaths.vendors}`)).json(),
  ).value;
  const listed = categories?.flatMap((entry) => entry.vendors) ?? [];
  const games = listed.reduce((sum, vendor) => sum + vendor.gameCount, 0);
  const vendorCount = new Set(listed.map((vendor) => vendor.code)).size;
  console.log(`catalogue listed: ${vendorCount} vendors, ${games} games`);
  const result = await lighthouse(
    `http://127.0.0.1:${port}/`,
    { port: chrome.port, output: 'json', onlyCategories: ['performance', 'accessibility'] },
    desktopConfig,
  );
  if (process.env.LIGHTHOUSE_JSON && result)
    writeFileSync(process.env.LIGHTHOUSE_JSON, JSON.stringify(result.lhr));
  const scores = result?.lhr.categories;
  const performance = Math.round((scores?.performance?.score ?? 0) * 100);
  const accessibility = Math.round((scores?.accessibility?.score ?? 0) * 100);
  console.log(`Lighthouse desktop on /: performance ${performance}, accessibility ${accessibility}`);
  const metric = (id: string) => result?.lhr.audits[id]?.displayValue ?? '?';
  const shift = result?.lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN;
  console.log(
    `  FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}, SI ${metric('speed-index')}`,
  );
  for (const audit of Object.values(result?.lhr.audits ?? {})) {
    if (audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative') {
      console.log(`  needs work: ${audit.id} (${audit.score}) ${audit.displayValue ?? ''}`);
    }
  }
  process.exitCode = performance >= 90 && accessibility >= 95 && shift === 0 ? 0 : 1;
} finally {
  chrome.kill();
  stopAll([server]);
}
