import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases.ts';
import { createMember } from '../../test/identity-fixtures.ts';
import { createGameLauncher, createHouseLaunchAdapter, houseLaunchSignatureOf } from './launch-adapter.ts';
import { createVendorRegistry, type VendorRegistry } from './vendor-registry.ts';
import { setVendorStatus, TEST_VENDOR_SECRET, testVendor } from './vendors.test-helpers.ts';

describeEachDatabase('game launch', (database) => {
  let registry: VendorRegistry;
  const NOW = 1_767_225_600_000;
  beforeAll(() => {
    registry = createVendorRegistry({ db: database().db });
  });

  async function launcherFor() {
    const vendor = await testVendor(database().db);
    const adapter = createHouseLaunchAdapter({
      baseUrl: 'http://127.0.0.1:8100/',
      secret: TEST_VENDOR_SECRET,
      registry,
      now: () => NOW,
    });
    return {
      vendor,
      launcher: createGameLauncher({ registry, adapters: new Map([[vendor.code, adapter]]) }),
    };
  }

  it('when a member launches a house game, then the URL carries their opaque player id (the same every time) and a signature over the rest', async () => {
    const { vendor, launcher } = await launcherFor();
    const member = await createMember(database().db);
    const request = {
      vendorCode: vendor.code,
      memberId: member.id,
      gameCode: 'lucky-koi',
      language: 'EN',
      demo: false,
    };
    const { url } = await launcher.launch(request);
    const parsed = new URL(url);
    expect(`${parsed.origin}${parsed.pathname}`).toBe('http://127.0.0.1:8100/play');
    const player = parsed.searchParams.get('player') ?? '';
    expect(player).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(player).not.toContain(member.username);
    expect(player).not.toBe(member.id.toString());
    expect(await registry.memberOfPlayer(vendor.code, player)).toBe(member.id);
    const signature = parsed.searchParams.get('sig');
    const unsigned = parsed.search.slice(1).replace(/&sig=.*$/, '');
    expect(signature).toBe(houseLaunchSignatureOf(TEST_VENDOR_SECRET, '1767225600', unsigned));
    expect(new URL((await launcher.launch(request)).url).searchParams.get('player')).toBe(player);
  });

  it('when a demo game is launched, then no player id is made or sent', async () => {
    const { vendor, launcher } = await launcherFor();
    const { url } = await launcher.launch({
      vendorCode: vendor.code,
      memberId: null,
      gameCode: 'g',
      language: 'EN',
      demo: true,
    });
    expect(new URL(url).searchParams.get('player')).toBeNull();
    expect(new URL(url).searchParams.get('demo')).toBe('1');
  });

  it('when the vendor is in maintenance, disabled, unknown or has no adapter, or a real launch has no member, then the launch is refused by its code', async () => {
    const { vendor, launcher } = await launcherFor();
    const request = { vendorCode: vendor.code, memberId: null, gameCode: 'g', language: 'EN', demo: false };
    await expect(launcher.launch(request)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    await setVendorStatus(database().db, vendor.code, 'MAINTENANCE');
    await expect(launcher.launch({ ...request, demo: true })).rejects.toMatchObject({
      code: 'VENDOR_MAINTENANCE',
    });
    await setVendorStatus(database().db, vendor.code, 'DISABLED');
    await expect(launcher.launch({ ...request, demo: true })).rejects.toMatchObject({
      code: 'VENDOR_DISABLED',
    });
    await expect(launcher.launch({ ...request, vendorCode: 'NOPE', demo: true })).rejects.toMatchObject({
      code: 'VENDOR_NOT_FOUND',
    });
    const other = await testVendor(database().db);
    await expect(launcher.launch({ ...request, vendorCode: other.code, demo: true })).rejects.toMatchObject({
      code: 'VENDOR_NOT_CONNECTED',
      details: { vendor: other.name },
    });
    expect([launcher.isConnected(vendor.code), launcher.isConnected(other.code)]).toEqual([true, false]);
  });
});
