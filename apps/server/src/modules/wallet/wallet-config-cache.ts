import type { Database } from '../../platform/db/database.ts';
import * as store from './wallet.store.ts';

/**
 * How long a node trusts its copy of the wallet settings and vendors. They change only through
 * `PUT /ops/wallet/settings`, which refreshes the copy of the node that served it at once; the
 * other nodes behind the same database see the change within this time.
 */
export const WALLET_CONFIG_TTL_MS = 5_000;

interface WalletConfig {
  settings: store.WalletSettingsRow;
  vendors: store.TransferVendorRow[];
  readAt: number;
}

export interface WalletConfigCache {
  /** The settings and the transfer-wallet vendors, read at most once per TTL. */
  current(): Promise<Omit<WalletConfig, 'readAt'>>;
  /** Takes a settings row just written (and committed) as the current one. */
  replaceSettings(settings: store.WalletSettingsRow): void;
  /** Drops the copy: the next call reads the database (after a write not made by the service). */
  forget(): void;
}

/**
 * One copy per database handle, so every service built on the same handle (the app's and a test's)
 * shares it and a refresh by one is seen by all. A transfer read both rows on every call before:
 * two round trips of its eleven.
 */
const caches = new WeakMap<Database, WalletConfigCache>();

export function walletConfigCacheOf(db: Database, now: () => number = Date.now): WalletConfigCache {
  const existing = caches.get(db);
  if (existing) return existing;
  let copy: WalletConfig | undefined;
  // Concurrent callers after an expiry share one read instead of each starting their own.
  let reading: Promise<WalletConfig> | undefined;
  let generation = 0;

  async function read(): Promise<WalletConfig> {
    const startedIn = generation;
    const [settings, vendors] = await Promise.all([
      store.findWalletSettings(db),
      store.listTransferVendors(db),
    ]);
    // Seeded at start (seed/wallet-settings.ts); without it no limit is known, so nothing moves.
    if (!settings) throw new Error('wallet settings are missing: seed the wallet configuration first');
    const fresh = { settings, vendors, readAt: now() };
    // A write made while this read was on its way wins over what the read saw.
    if (startedIn === generation) copy = fresh;
    return fresh;
  }

  const cache: WalletConfigCache = {
    async current() {
      if (copy && now() - copy.readAt < WALLET_CONFIG_TTL_MS) return copy;
      if (!reading) {
        const started = read().finally(() => {
          if (reading === started) reading = undefined;
        });
        reading = started;
      }
      return reading;
    },
    replaceSettings(settings) {
      generation += 1;
      reading = undefined;
      copy = copy ? { ...copy, settings } : undefined;
    },
    forget() {
      generation += 1;
      reading = undefined;
      copy = undefined;
    },
  };
  caches.set(db, cache);
  return cache;
}
