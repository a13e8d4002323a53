// Budget of issue 2: `npm start` after install serves its first 200 on `/` in under 15 s,
// building the web app, applying migrations and seeding a fresh PGlite database on the way.
// Run: npx tsx bench/startup.ts
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot, waitForOk } from './support/processes.ts';

const port = 18084;
const dataDir = mkdtempSync(join(tmpdir(), 'fortuna-startup-'));
const startedAt = Date.now();
const child = spawn('npm', ['start'], {
  cwd: repoRoot,
  env: { ...process.env, PORT: String(port), PGLITE_DIR: dataDir, LOG_LEVEL: 'warn' },
  stdio: 'ignore',
  detached: true,
});
try {
  await waitForOk(`http://127.0.0.1:${port}/`, 60_000);
  const seconds = (Date.now() - startedAt) / 1000;
  console.log(`npm start → first 200 on / in ${seconds.toFixed(1)} s (budget 15 s, fresh database)`);
  process.exitCode = seconds < 15 ? 0 : 1;
} finally {
  if (child.pid) process.kill(-child.pid, 'SIGTERM');
}
