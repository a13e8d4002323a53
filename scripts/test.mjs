#!/usr/bin/env node
// The README's test command: unit and integration tests (Vitest, on PGlite and, when
// TEST_DATABASE_URL is set, on PostgreSQL too), then the browser tests (Playwright with the
// system Chromium). Outside CI a missing database or browser is skipped with the reason
// printed; in CI (CI=true) it is a failure.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const inCi = process.env.CI === 'true';
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const reportDir = join(tmpdir(), `fortuna-test-${process.pid}`);
mkdirSync(reportDir, { recursive: true });

const skipped = [];
const problems = [];

if (!process.env.TEST_DATABASE_URL) {
  const reason = 'PostgreSQL variant of the database tests: TEST_DATABASE_URL is not set';
  if (inCi) problems.push(reason);
  else skipped.push(reason);
}
const haveBrowser = existsSync(chromiumPath);
if (!haveBrowser) {
  const reason = `browser tests: no Chromium at ${chromiumPath} (apt-get install -y chromium)`;
  if (inCi) problems.push(reason);
  else skipped.push(reason);
}
if (problems.length > 0) {
  for (const problem of problems) console.error(`CI needs it, but it is missing: ${problem}`);
  process.exit(1);
}

/** Runs one stage and prints how long it took, so a slow stage stands out in CI's log. */
function run(command, args, env = {}) {
  const startedAt = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = Math.round((Date.now() - startedAt) / 1000);
  console.log(`== ${command} ${args[0]} ${args[1] ?? ''} took ${seconds}s (exit ${result.status})`);
  return result.status ?? 1;
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

const totals = { passed: 0, failed: 0, skipped: 0, flaky: 0 };

const vitestReport = join(reportDir, 'vitest.json');
const vitestStatus = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);
const vitest = readJson(vitestReport);
if (vitest) {
  totals.passed += vitest.numPassedTests;
  totals.failed += vitest.numFailedTests;
  totals.skipped += vitest.numPendingTests + vitest.numTodoTests;
} else {
  totals.failed += 1;
}

let e2eStatus = 0;
if (haveBrowser) {
  const e2eReport = join(reportDir, 'playwright.json');
  e2eStatus = run('npm', ['run', 'test:e2e', '--silent'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport,
    CHROMIUM_PATH: chromiumPath,
  });
  const stats = readJson(e2eReport)?.stats;
  if (stats) {
    totals.passed += stats.expected + stats.flaky;
    totals.flaky += stats.flaky;
    totals.failed += stats.unexpected;
    totals.skipped += stats.skipped;
  } else {
    totals.failed += 1;
  }
}

rmSync(reportDir, { recursive: true, force: true });
for (const reason of skipped) console.log(`skipped: ${reason}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
// A browser test that passed only on its retry (ADR 081) is named by the list reporter above.
if (totals.flaky > 0) console.log(`${totals.flaky} browser tests passed only on their retry (flaky)`);
process.exit(vitestStatus === 0 && e2eStatus === 0 && totals.failed === 0 ? 0 : 1);
