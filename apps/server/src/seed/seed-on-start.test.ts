import { HOUSE_VENDOR_CODE } from '@fortuna/contracts/games';
import { expect, it } from 'vitest';
import { depositChannels } from '../modules/deposit/deposit.schema.ts';
import { games } from '../modules/games/games.schema.ts';
import { members } from '../modules/identity/identity.schema.ts';
import { operators } from '../modules/operators/operators.schema.ts';
import { customerServiceEntries, siteSettings } from '../modules/system/system.schema.ts';
import { vendors } from '../modules/vendors/vendors.schema.ts';
import { openPglite } from '../platform/db/database.ts';
import { operatorSecretsKeyring } from '../start-up/operator-secrets-keyring.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { seedOnStart } from './seed-on-start.ts';

const operatorSecrets = operatorSecretsKeyring({ OPERATOR_SECRETS_OLD_KEYS: '' });

it('when demo data is off on an empty database, then only what a site needs is seeded: no account, no placeholder contact, no generated catalogue', async () => {
  const handle = await openPglite(undefined);
  try {
    await handle.migrate();
    await seedOnStart(handle.db, { demoData: false, operatorSecrets });
    const db = handle.db;
    expect(await db.select().from(siteSettings)).toHaveLength(1);
    expect(await db.select().from(members)).toEqual([]);
    expect(await db.select().from(operators)).toEqual([]);
    expect(await db.select().from(customerServiceEntries)).toEqual([]);
    expect(
      (await db.select({ code: depositChannels.code }).from(depositChannels)).map((c) => c.code),
    ).toEqual(['FORTUNA_PAY']);
    expect((await db.select({ code: vendors.code }).from(vendors)).map((v) => v.code)).toEqual([
      HOUSE_VENDOR_CODE,
    ]);
    const gameVendors = new Set(
      (await db.select({ vendor: games.vassalage }).from(games)).map((g) => g.vendor),
    );
    expect([...gameVendors]).toEqual([HOUSE_VENDOR_CODE]);
  } finally {
    await handle.close();
  }
}, 60_000);

describeEachDatabase('seeding on start with demo data on', (database) => {
  it('when demo data is on, then the demo accounts, contacts and catalogue are there, and a second start adds nothing twice', async () => {
    const db = database().db;
    await seedOnStart(db, { demoData: true, operatorSecrets });
    const usernames = (await db.select({ username: members.username }).from(members)).map((m) => m.username);
    expect(usernames.sort()).toEqual(['agent01', 'demo01', 'koifan21', 'mayumi07', 'newbie01', 'rizal88']);
    expect((await db.select().from(operators)).map((o) => o.username).sort()).toEqual([
      'admin01',
      'finance01',
    ]);
    const contacts = (await db.select().from(customerServiceEntries)).length;
    expect(contacts).toBeGreaterThan(0);
    const catalogue = (await db.select({ nodeId: games.nodeId }).from(games)).length;
    expect(catalogue).toBeGreaterThan(1_000);

    await seedOnStart(db, { demoData: true, operatorSecrets });
    expect((await db.select().from(customerServiceEntries)).length).toBe(contacts);
    expect((await db.select({ nodeId: games.nodeId }).from(games)).length).toBe(catalogue);
  }, 120_000);
});
