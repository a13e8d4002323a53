// A house games node that only settles lottery draws, forever: the crash test starts it, kills it
// with SIGKILL in the middle of a settlement, and checks that the next node pays nothing twice.
import pg from 'pg';
import { FAKE_SECRET } from '../platform/fake-platform.test-helpers.ts';
import { createPlatformClient } from '../platform/platform-client.ts';
import { createDrawSettler } from './draw-settler.ts';

const db = new pg.Pool({ connectionString: process.env.CRASH_DATABASE_URL, max: 2 });
const client = createPlatformClient({
  baseUrl: process.env.CRASH_PLATFORM_URL as string,
  vendorCode: 'FORTUNA',
  secret: FAKE_SECRET,
  retryDelaysMs: [],
});
const settler = createDrawSettler({ db, client, now: () => Number(process.env.CRASH_NOW) });
process.stdout.write('ready\n');
for (;;) await settler.settle();
