// Budget of issue 2: Lighthouse desktop performance >= 90 and accessibility >= 95 on `/`.
// Run after `npm run build`: npx tsx bench/lighthouse.ts
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
  const result = await lighthouse(
    `http://127.0.0.1:${port}/`,
    { port: chrome.port, output: 'json', onlyCategories: ['performance', 'accessibility'] },
    desktopConfig,
  );
  const categories = result?.lhr.categories;
  const performance = Math.round((categories?.performance?.score ?? 0) * 100);
  const accessibility = Math.round((categories?.accessibility?.score ?? 0) * 100);
  console.log(`Lighthouse desktop on /: performance ${performance}, accessibility ${accessibility}`);
  for (const audit of Object.values(result?.lhr.audits ?? {})) {
    if (audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative') {
      console.log(`  needs work: ${audit.id} (${audit.score}) ${audit.displayValue ?? ''}`);
    }
  }
  process.exitCode = performance >= 90 && accessibility >= 95 ? 0 : 1;
} finally {
  chrome.kill();
  stopAll([server]);
}
