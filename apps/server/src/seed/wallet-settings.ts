import { and, eq, isNull } from 'drizzle-orm';
import { members } from '../modules/identity/identity.schema.ts';
import { transferWalletVendors, walletSettings } from '../modules/wallet/wallet.schema.ts';
import type { Database } from '../platform/db/database.ts';

/** The demo wallet rules (minor units, 2 decimals): an operator changes them later. */
export const demoWalletSettings = {
  id: 1,
  withdrawMinMinor: 10_000n,
  withdrawMaxMinor: 5_000_000n,
  withdrawDailyCount: 5,
  withdrawConfirmMinutes: 60,
  transferMinMinor: 100n,
  // Spec 3: single wallet unless the operator switches (PUT /ops/wallet/settings).
  singleWallet: true,
};

/** Vendors whose games keep a wallet of their own in transfer-wallet mode. */
export const demoTransferWalletVendors = [
  { code: 'JDB', name: 'JDB Gaming', enabled: true, sort: 1 },
  { code: 'CQ9', name: 'CQ9 Gaming', enabled: true, sort: 2 },
];

/**
 * Seeds the wallet settings row and the transfer-wallet vendors when missing; what an operator
 * changed since is left alone.
 */
export async function seedWalletSettings(db: Database): Promise<void> {
  await db.insert(walletSettings).values(demoWalletSettings).onConflictDoNothing();
  await db.insert(transferWalletVendors).values(demoTransferWalletVendors).onConflictDoNothing();
}

/**
 * Puts demo01 in agent01's line (when neither has another upline yet), so the demo can show
 * transfers to the upline and to a downline.
 */
export async function seedDemoLine(db: Database): Promise<void> {
  const [agent] = await db.select({ id: members.id }).from(members).where(eq(members.username, 'agent01'));
  if (!agent) return;
  await db
    .update(members)
    .set({ uplineId: agent.id })
    .where(and(eq(members.username, 'demo01'), isNull(members.uplineId)));
}
