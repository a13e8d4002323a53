import { VENDOR_SIGNATURE_HEADER, VENDOR_TIMESTAMP_HEADER } from '@fortuna/contracts/vendor-protocol';
import { timestampedHmacOf, unixSecondsOf } from '@fortuna/signing/timestamped-hmac';
import { expect, it } from 'vitest';
import { FAKE_SECRET } from '../platform/fake-platform.test-helpers.ts';
import { PLAYER } from '../play/play.test-helpers.ts';
import { describeEachLotteryDatabase } from './lottery-databases.test-helpers.ts';
import { lotteryNode, OTHER_PLAYER } from './slips.test-helpers.ts';

const MINUTE = 60_000;
// Its own day, so its draws meet no other test's.
const at = Date.parse('2034-06-01T07:00:00Z') + 5_000;
const draw = '3d-1m-203406010701';

/** The platform's call as it signs it: over `<ts>.<path and query>` with the vendor secret. */
function signed(url: string, options: { secret?: string; nowMs?: number } = {}) {
  const ts = unixSecondsOf(options.nowMs ?? Date.now());
  return {
    method: 'GET' as const,
    url,
    headers: {
      [VENDOR_TIMESTAMP_HEADER]: ts,
      [VENDOR_SIGNATURE_HEADER]: timestampedHmacOf(options.secret ?? FAKE_SECRET, ts, url),
    },
  };
}

describeEachLotteryDatabase('a round’s tickets for the platform’s betting record (ADR 072)', (databases) => {
  it('when the platform asks, signed, for a player’s round, then it gets each ticket (bet type, numbers, odds, stake, payout, rebate) and the draw; another player’s round is not found', async () => {
    const { nodeA } = databases();
    const clock = { at };
    const node = await lotteryNode(nodeA, { clock });
    await node.runner.tick();
    const session = await node.launch('3d-1m');
    const placed = await node.place(session, {
      drawCode: draw,
      bets: [
        { betType: 'big-small', selection: [1], stakeMinor: 1_000 },
        { betType: 'big-small', selection: [0], stakeMinor: 2_000 },
      ],
    });
    const roundId = placed.body.value.slipId as string;
    const url = `/lottery/rounds/${roundId}/tickets?player=${PLAYER}&lang=TY`;

    const open = await node.house.app.inject(signed(url));
    expect(open.statusCode).toBe(200);
    expect(open.json().value).toMatchObject({
      slipId: roundId,
      drawCode: draw,
      drawClosesAt: '2034-06-01T07:01:00.000Z',
      status: 'PLACED',
      tickets: [
        {
          ticketId: `${roundId}-1`,
          betType: 'big-small',
          selection: [1],
          stakeMinor: 1_000,
          payoutMinor: null,
          rebateMinor: 15,
          // In the board's words, in the asked language: 3D big/small at LOTT pays 1.96 × 0.97.
          betTypeName: 'Malaki / maliit',
          numbers: 'Malaki',
          odds: '×1.9012',
        },
        { ticketId: `${roundId}-2`, selection: [0], stakeMinor: 2_000, rebateMinor: 30, numbers: 'Maliit' },
      ],
      corrections: [],
    });
    expect(open.json().value).not.toHaveProperty('playerId');
    expect(open.json().value.tickets[0].odds).toBeTruthy();

    clock.at += MINUTE;
    await node.runner.tick();
    await node.runner.settle();
    const settled = (await node.house.app.inject(signed(url))).json().value;
    expect(settled.status).toBe('SETTLED');
    // A digit sum is never 13.5: one of the two wins.
    const payouts = settled.tickets.map((ticket: { payoutMinor: number }) => ticket.payoutMinor);
    expect(payouts.filter((payout: number) => payout > 0)).toHaveLength(1);

    const other = await node.house.app.inject(
      signed(`/lottery/rounds/${roundId}/tickets?player=${OTHER_PLAYER}`),
    );
    expect([other.statusCode, other.json().code]).toEqual([404, 'ROUND_NOT_FOUND']);
    expect(other.body).not.toContain('big-small');
    await node.close();
  });

  it('when the call is unsigned, signed with another secret, stale, or its path is changed after signing, then 401 and nothing is said about the round', async () => {
    const { nodeA } = databases();
    const node = await lotteryNode(nodeA, { clock: { at } });
    const url = `/lottery/rounds/s${'0'.repeat(24)}/tickets?player=${PLAYER}`;
    const forged = signed(url);
    const cases = [
      { method: 'GET' as const, url },
      signed(url, { secret: 'not-the-vendor-secret-0123456789' }),
      signed(url, { nowMs: Date.now() - 10 * MINUTE }),
      { ...forged, url: `/lottery/rounds/s${'1'.repeat(24)}/tickets?player=${PLAYER}` },
      { ...forged, url: `${url.replace(PLAYER, OTHER_PLAYER)}` },
    ];
    for (const request of cases) {
      const answer = await node.house.app.inject(request);
      expect([answer.statusCode, answer.json().code]).toEqual([401, 'SIGNATURE_INVALID']);
    }
    await node.close();
  });

  it('when a signed call names a malformed round, player or an unknown field, then 400 naming it', async () => {
    const { nodeA } = databases();
    const node = await lotteryNode(nodeA, { clock: { at } });
    const round = `s${'0'.repeat(24)}`;
    const cases: [string, string][] = [
      [`/lottery/rounds/x1/tickets?player=${PLAYER}`, 'params.roundId'],
      [`/lottery/rounds/${round}%00/tickets?player=${PLAYER}`, 'params.roundId'],
      [`/lottery/rounds/${round}/tickets`, 'query.player'],
      [`/lottery/rounds/${round}/tickets?player=a%00bcdefghij`, 'query.player'],
      [`/lottery/rounds/${round}/tickets?player=${'p'.repeat(65)}`, 'query.player'],
      [`/lottery/rounds/${round}/tickets?player=${PLAYER}&admin=1`, 'query.admin'],
      [`/lottery/rounds/${round}/tickets?player=${PLAYER}&lang=E%00N`, 'query.lang'],
      [`/lottery/rounds/${round}/tickets?player=${PLAYER}&lang=${'x'.repeat(5_000)}`, 'query.lang'],
    ];
    for (const [url, field] of cases) {
      const answer = await node.house.app.inject(signed(url));
      expect([url, answer.statusCode, answer.json().field]).toEqual([url, 400, field]);
    }
    // A path past the router's longest parameter (100) never reaches the route: 414, never a 500.
    const huge = await node.house.app.inject(
      signed(`/lottery/rounds/${'s'.repeat(5_000)}/tickets?player=${PLAYER}`),
    );
    expect(huge.statusCode).toBe(414);
    // Unknown but well-formed: not found, never a 500.
    const unknown = await node.house.app.inject(signed(`/lottery/rounds/${round}/tickets?player=${PLAYER}`));
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'ROUND_NOT_FOUND']);
    await node.close();
  });
});
