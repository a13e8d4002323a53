// Budget of issue 4: an authenticated GET /wps/v2/wallets/balance reaches at least 70% of the
// requests per second of a bare Fastify route reading one member row by primary key through `pg`,
// from the same PostgreSQL, side by side in one run (demo01's wallet holds its opening balance;
// bench/support/authenticated-read-vs-bare.ts).
// Run: npx tsx bench/wallet-balance-rps.ts   (needs PostgreSQL on 127.0.0.1:5432; BENCH_POSTGRES_URL to change)
import { WalletPaths } from '@fortuna/contracts/wallet';
import { compareAuthenticatedRead } from './support/authenticated-read-vs-bare.ts';

await compareAuthenticatedRead({
  path: WalletPaths.balance,
  label: 'balance',
  budgetRatio: 0.7,
  pgRowPort: 18093,
  fortunaPort: 18094,
});
