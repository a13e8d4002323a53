import { inArray } from 'drizzle-orm';
import { members } from '../modules/identity/identity.schema.ts';
import { createLedgerService } from '../modules/ledger/ledger.service.ts';
import { siteSettings } from '../modules/system/system.schema.ts';
import type { Database } from '../platform/db/database.ts';

/** The demo accounts that start with money, and how much: 10,000.00, the regulars 2,000.00. */
export const demoOpeningBalances = [
  { username: 'demo01', amountMinor: 1_000_000n },
  { username: 'agent01', amountMinor: 1_000_000n },
  { username: 'koifan21', amountMinor: 200_000n },
  { username: 'rizal88', amountMinor: 200_000n },
  { username: 'mayumi07', amountMinor: 200_000n },
] as const;

/**
 * Credits the demo accounts' opening balances from the house, as ledger transactions. Idempotent
 * through the key `demo-opening:<username>`: a restart replays the first posting and moves
 * nothing, even after the demo member has spent the money.
 */
export async function seedDemoBalances(db: Database): Promise<void> {
  const [settings] = await db.select({ currencyCode: siteSettings.currencyCode }).from(siteSettings);
  if (!settings) throw new Error('site settings are missing: seed the site configuration first');
  const ledger = createLedgerService({ db, currency: () => settings.currencyCode });
  const usernames = demoOpeningBalances.map((demo) => demo.username);
  const rows = await db
    .select({ id: members.id, username: members.username })
    .from(members)
    .where(inArray(members.username, usernames));
  const house = await ledger.systemAccount('HOUSE');
  for (const demo of demoOpeningBalances) {
    const member = rows.find((row) => row.username === demo.username);
    if (!member) continue;
    const wallet = await ledger.mainAccountOf(member.id);
    await ledger.post({
      type: 'OPENING',
      reference: `demo opening balance of ${demo.username}`,
      actor: 'system',
      idempotencyKey: `demo-opening:${demo.username}`,
      entries: [
        { accountId: house.id, amountMinor: -demo.amountMinor },
        { accountId: wallet.id, amountMinor: demo.amountMinor },
      ],
    });
  }
}
