import type { Executor } from '../../platform/db/database.ts';
import * as store from './wallet.store.ts';

export type { WalletSettingsRow } from './wallet.store.ts';

/**
 * The wallet's rules (single or transfer wallets, withdrawal limits and fees) as other modules read
 * them, inside their own transaction when they pass one, so a rule and the change it governs agree.
 */
export function readWalletSettings(db: Executor): Promise<store.WalletSettingsRow | undefined> {
  return store.findWalletSettings(db);
}
