// Budget of issue 2: the home route's JavaScript is at most 250 KB gzip. Loads `/` in the system
// Chromium and gzips every script the page fetched, so lazy chunks the home route pulls count too.
// Run after `npm run build`: npx tsx bench/home-bundle.ts
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { chromiumFlags, chromiumPath } from './support/chromium.ts';
import { startFortuna, stopAll, waitForOk } from './support/processes.ts';

const budgetBytes = 250 * 1024;
// BENCH_PORT: a port of your own when others bench on the same machine.
const port = Number(process.env.BENCH_PORT ?? 18082);
const server = startFortuna(port);
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
try {
  // A loaded machine may take minutes to start the server and seed the catalogue.
  await waitForOk(`http://127.0.0.1:${port}/readyz`, 240_000);
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const pending: Promise<{ url: string; gzipBytes: number }>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      response.body().then((body) => ({
        url: new URL(response.url()).pathname,
        gzipBytes: gzipSync(body, { level: 9 }).length,
      })),
    );
  });
  await page.goto(`http://127.0.0.1:${port}/`, { waitUntil: 'networkidle' });
  const scripts = await Promise.all(pending);
  const total = scripts.reduce((sum, script) => sum + script.gzipBytes, 0);
  for (const script of scripts)
    console.log(`${(script.gzipBytes / 1024).toFixed(1).padStart(7)} KB  ${script.url}`);
  console.log(
    `home route JavaScript: ${(total / 1024).toFixed(1)} KB gzip (budget ${budgetBytes / 1024} KB)`,
  );
  process.exitCode = total <= budgetBytes ? 0 : 1;
} finally {
  await browser.close();
  stopAll([server]);
}
