import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases.ts';
import { updateSingleWallet } from './wallet.store.ts';
import { WALLET_CONFIG_TTL_MS, walletConfigCacheOf } from './wallet-config-cache.ts';

describeEachDatabase('wallet settings and vendors kept in memory', (database) => {
  let clock = 1_000_000;
  const cache = () => walletConfigCacheOf(database().db, () => clock);

  it('when the settings change past the service, then the copy answers the old ones until the TTL passes, then the new ones', async () => {
    const db = database().db;
    await updateSingleWallet(db, true);
    cache().forget();
    expect((await cache().current()).settings.singleWallet).toBe(true);
    expect((await cache().current()).vendors.length).toBeGreaterThan(0);

    await updateSingleWallet(db, false);
    clock += WALLET_CONFIG_TTL_MS - 1;
    expect((await cache().current()).settings.singleWallet).toBe(true);
    clock += 1;
    expect((await cache().current()).settings.singleWallet).toBe(false);
  });

  it('when a written row replaces the copy or the copy is forgotten, then the next call answers the database at once', async () => {
    const db = database().db;
    const written = await updateSingleWallet(db, true);
    if (!written) throw new Error('wallet settings are not seeded');
    await cache().current();
    cache().replaceSettings(written);
    expect((await cache().current()).settings.singleWallet).toBe(true);

    await updateSingleWallet(db, false);
    cache().forget();
    expect((await cache().current()).settings.singleWallet).toBe(false);
  });

  it('when many calls arrive on an empty copy, then they share one answer', async () => {
    cache().forget();
    const answers = await Promise.all([cache().current(), cache().current(), cache().current()]);
    expect(answers[1]).toBe(answers[0]);
    expect(answers[2]).toBe(answers[0]);
  });
});
