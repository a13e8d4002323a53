// Budget of issue 3: an authenticated GET /wps/member/info reaches at least 60% of the requests per
// second of a bare Fastify route reading one member row by primary key through `pg`, from the same
// PostgreSQL, side by side in one run (bench/support/authenticated-read-vs-bare.ts).
// Run: npx tsx bench/member-info-rps.ts   (needs PostgreSQL on 127.0.0.1:5432; BENCH_POSTGRES_URL to change)
import { MemberPaths } from '@fortuna/contracts/member';
import { compareAuthenticatedRead } from './support/authenticated-read-vs-bare.ts';

await compareAuthenticatedRead({
  path: MemberPaths.info,
  label: 'member info',
  budgetRatio: 0.6,
  pgRowPort: 18085,
  fortunaPort: 18086,
});
