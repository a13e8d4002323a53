import { BetRecordPaths } from '@fortuna/contracts/bet-records';
import { HOUSE_VENDOR_CODE } from '@fortuna/contracts/games';
import { WalletPaths } from '@fortuna/contracts/wallet';
import { timestampedHmacOf } from '@fortuna/signing/timestamped-hmac';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHouseGamesApp, type HouseGamesApp } from './app.ts';

// The real platform (apps/server) on an in-memory database, listening on a port, and the house
// games calling it over HTTP with the shared secret. The server is another workspace that the
// house games never depend on (they speak only HTTP), so its modules are loaded by URL.
const server = (path: string) => import(new URL(`../../server/src/${path}`, import.meta.url).href);
const SECRET = 'integration-house-secret-0123456789';

// biome-ignore lint/suspicious/noExplicitAny: modules of another workspace, loaded by URL
type Any = any;

describe('house games against the real platform', () => {
  let platform: FastifyInstance;
  let house: HouseGamesApp;
  let handle: Any;
  let member: { member: { id: bigint }; headers: Record<string, string> };
  let launchUrl: (memberId?: bigint) => Promise<string>;
  let newMember: (fundsMinor: bigint) => Promise<typeof member>;

  beforeAll(async () => {
    const { openPglite } = await server('platform/db/database.ts');
    const { seedDemoData } = await server('seed/seed.ts');
    const { seedWalletSettings } = await server('seed/wallet-settings.ts');
    const { seedVendors } = await server('seed/vendors.ts');
    const { buildTestApp } = await server('test/app.ts');
    const { loggedInMember, fund } = await server('test/wallet-fixtures.ts');
    const { testLedger } = await server('modules/ledger/ledger.test-helpers.ts');
    const { createVendorRegistry } = await server('modules/vendors/vendor-registry.ts');
    const { createHouseLaunchAdapter } = await server('modules/vendors/launch-adapter.ts');
    handle = await openPglite(undefined);
    await handle.migrate();
    await seedDemoData(handle.db);
    await seedWalletSettings(handle.db);
    await seedVendors(handle.db);
    platform = await buildTestApp(handle, { HOUSE_VENDOR_SECRET: SECRET });
    await platform.listen({ port: 0, host: '127.0.0.1' });
    const address = platform.server.address() as { port: number };
    newMember = async (fundsMinor) => {
      const made = await loggedInMember(handle.db);
      await fund(testLedger(handle.db), made.member.id, fundsMinor);
      return made;
    };
    member = await newMember(50_000n);
    house = await buildHouseGamesApp({
      secret: SECRET,
      platformUrl: `http://127.0.0.1:${address.port}`,
      logger: false,
    });
    const registry = createVendorRegistry({ db: handle.db });
    const adapter = createHouseLaunchAdapter({ baseUrl: 'http://house.test', secret: SECRET, registry });
    launchUrl = async (memberId = member.member.id) => {
      const vendor = await registry.find(HOUSE_VENDOR_CODE);
      const { url } = await adapter.launch({
        vendor,
        memberId,
        gameCode: 'lucky-koi',
        language: 'EN',
        demo: false,
      });
      return url.replace('http://house.test', '');
    };
  }, 120_000);

  afterAll(async () => {
    await house?.app.close();
    await platform?.close();
    await handle?.close();
  });

  const balance = async (headers = member.headers) => {
    const response = await platform.inject({ method: 'GET', url: WalletPaths.balance, headers });
    return BigInt(response.json().value.balanceMinor);
  };

  it('when a member launches from the platform and plays rounds, then the wallet moves by win − bet exactly and each round is a settled bet record', async () => {
    const opened = await house.app.inject({ method: 'GET', url: await launchUrl() });
    expect(opened.statusCode).toBe(303);
    const sessionId = String(opened.headers.location).split('/').pop();
    const state = (await house.app.inject({ method: 'GET', url: `/api/sessions/${sessionId}` })).json();
    expect(state.value.balanceMinor).toBe('50000');

    let expected = 50_000n;
    const rounds: { roundId: string; winMinor: number }[] = [];
    for (let i = 0; i < 5; i += 1) {
      const spin = await house.app.inject({
        method: 'POST',
        url: `/api/sessions/${sessionId}/spin`,
        payload: { betMinor: 1000 },
      });
      expect(spin.statusCode).toBe(200);
      const { roundId, round, balanceMinor } = spin.json().value;
      expected += BigInt(round.winMinor) - 1000n;
      expect(BigInt(balanceMinor)).toBe(expected);
      rounds.push({ roundId, winMinor: round.winMinor });
    }
    expect(await balance()).toBe(expected);

    const records = await platform.inject({
      method: 'GET',
      url: BetRecordPaths.records,
      headers: member.headers,
    });
    const items = records.json().value.items as {
      roundId: string;
      stakeMinor: string;
      payoutMinor: string;
      status: string;
      vendorCode: string;
    }[];
    for (const { roundId, winMinor } of rounds) {
      expect(items.find((item) => item.roundId === roundId)).toMatchObject({
        vendorCode: HOUSE_VENDOR_CODE,
        stakeMinor: '1000',
        payoutMinor: String(winMinor),
        status: 'SETTLED',
      });
    }
  });

  it('when the bet is more than the wallet holds, then the platform refuses it, the player is told and nothing moves', async () => {
    const poor = await newMember(10n);
    const opened = await house.app.inject({ method: 'GET', url: await launchUrl(poor.member.id) });
    const sessionId = String(opened.headers.location).split('/').pop();
    const spin = await house.app.inject({
      method: 'POST',
      url: `/api/sessions/${sessionId}/spin`,
      payload: { betMinor: 20 },
    });
    expect(spin.statusCode).toBe(409);
    expect(spin.json().code).toBe('INSUFFICIENT_FUNDS');
    expect(await balance(poor.headers)).toBe(10n);
    const records = await platform.inject({
      method: 'GET',
      url: BetRecordPaths.records,
      headers: poor.headers,
    });
    expect(records.json().value.items).toEqual([]);
  });

  it('when the house games sign with another secret, then the platform refuses and no money moves', async () => {
    const address = platform.server.address() as { port: number };
    const impostor = await buildHouseGamesApp({
      secret: 'not-the-shared-secret-000000000',
      platformUrl: `http://127.0.0.1:${address.port}`,
      logger: false,
    });
    const url = await launchUrl();
    // The impostor cannot even open the launch (signed with the real secret)…
    expect((await impostor.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    await impostor.app.close();
    // …and a platform call signed with the wrong secret is refused.
    const body = JSON.stringify({ playerId: 'Xk3v9QpLr2mZ8tWc5yHa1b' });
    const ts = Math.floor(Date.now() / 1000).toString();
    const response = await fetch(`http://127.0.0.1:${address.port}/vendor/v1/FORTUNA/balance`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-fortuna-timestamp': ts,
        'x-fortuna-signature': timestampedHmacOf('wrong-secret', ts, body),
      },
      body,
    });
    expect(response.status).toBe(401);
  });
});
