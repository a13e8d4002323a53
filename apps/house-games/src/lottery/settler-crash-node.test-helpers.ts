// A house games node that only settles lottery draws (or, with CRASH_JOB=corrections, only sends
// owed corrections; with CRASH_JOB=voids, only refunds void draws), forever: the crash tests start it, kill it with SIGKILL in the middle of a
// run, and check that the next node pays nothing twice.
import pg from 'pg';
import { FAKE_SECRET } from '../platform/fake-platform.test-helpers.ts';
import { createPlatformClient } from '../platform/platform-client.ts';
import { createCorrectionSender } from './draw-corrections.ts';
import { createDrawSettler } from './draw-settler.ts';
import { createVoidRefunder } from './draw-voids.ts';

const db = new pg.Pool({ connectionString: process.env.CRASH_DATABASE_URL, max: 2 });
const client = createPlatformClient({
  baseUrl: process.env.CRASH_PLATFORM_URL as string,
  vendorCode: 'FORTUNA',
  secret: FAKE_SECRET,
  retryDelaysMs: [],
});
const now = () => Number(process.env.CRASH_NOW);
const pass =
  process.env.CRASH_JOB === 'corrections'
    ? createCorrectionSender({ db, client, now }).send
    : process.env.CRASH_JOB === 'voids'
      ? createVoidRefunder({ db, client }).refund
      : // Ten credits a call, so the kill can fall between one batch call and the next.
        createDrawSettler({ db, client, now, creditsPerCall: 10 }).settle;
process.stdout.write('ready\n');
for (;;) await pass();
