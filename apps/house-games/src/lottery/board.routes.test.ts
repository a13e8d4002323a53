import { expect, it } from 'vitest';
import { signedLaunchQuery } from '../platform/fake-platform.test-helpers.ts';
import { PLAYER } from '../play/play.test-helpers.ts';
import { describeEachLotteryDatabase } from './lottery-databases.test-helpers.ts';
import { ticketOdds } from './odds-tables.ts';
import { lotteryNode } from './slips.test-helpers.ts';

describeEachLotteryDatabase('the betting board of a fast draw (ADR 050)', (databases) => {
  const node = () => lotteryNode(databases().nodeA, { clock: { at: Date.parse('2030-02-01T00:00:10Z') } });

  it("when a member launches a fast game, then its page is the betting board and the board call lists the family's bet types with the odds a ticket snapshots now and their stake limits", async () => {
    const lottery = await node();
    const session = await lottery.launch('race-3m');
    const page = await lottery.house.app.inject({ method: 'GET', url: `/game/${session}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>Horse Race · 3 min</h1>');
    expect(page.body).toContain('/assets/lottery.js');
    const board = (
      await lottery.house.app.inject({ method: 'GET', url: `/lottery/sessions/${session}/board` })
    ).json();
    expect(board.value).toEqual({
      game: { code: 'race-3m', family: 'race', minutes: 3 },
      prizeMode: 'LOTT',
      demo: false,
      betTypes: [
        {
          betType: 'race-position',
          odds: ticketOdds('race', 'race-position', 'LOTT'),
          minMinor: 100,
          maxMinor: 500_000,
        },
        {
          betType: 'race-exacta',
          odds: ticketOdds('race', 'race-exacta', 'LOTT'),
          minMinor: 100,
          // Its own top is 1,000.00; at 85.36 for 1.00 the default cap of 50,000.00 fits 585.00.
          maxMinor: 58_500,
        },
      ],
    });
    await lottery.close();
  });

  it('when the launch asks for Tagalog, then the board speaks it, and its script gets the same words', async () => {
    const lottery = await node();
    const launched = await lottery.house.app.inject({
      method: 'GET',
      url: `/play?${signedLaunchQuery({ game: 'keno-1m', demo: '0', player: PLAYER, lang: 'TY' })}`,
    });
    const page = await lottery.house.app.inject({ method: 'GET', url: String(launched.headers.location) });
    expect(page.body).toContain('<html lang="tl">');
    expect(page.body).toContain('Ilagay ang slip');
    expect(page.body).toContain('"loginToBet":"Totoong pera');
    await lottery.close();
  });

  it("when a member launches a Vietnam regional draw, then its page is the regional board (no seed hash, results from the regional draws call) and the board call lists lô, đề, 3 càng and xiên with the region's odds", async () => {
    const lottery = await node();
    const session = await lottery.launch('vn-north');
    const page = await lottery.house.app.inject({ method: 'GET', url: `/game/${session}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>Vietnam North</h1>');
    expect(page.body).toContain('<body class="family-north regional">');
    expect(page.body).toContain('<div class="hash" hidden>');
    expect(page.body).toContain('"game":{"code":"vn-north","family":"north","minutes":null,"regional":true}');
    const board = (
      await lottery.house.app.inject({ method: 'GET', url: `/lottery/sessions/${session}/board` })
    ).json();
    expect(board.value.game).toEqual({ code: 'vn-north', family: 'north', minutes: null });
    expect(board.value.betTypes.map((type: { betType: string }) => type.betType)).toEqual([
      'lo2',
      'de',
      '3cang',
      'xien2',
      'xien3',
      'xien4',
    ]);
    expect(board.value.betTypes[0]).toEqual({
      betType: 'lo2',
      odds: ticketOdds('north', 'lo2', 'LOTT'),
      minMinor: 100,
      // Lowered from 5,000.00 by the default cap of 50,000.00 on one outcome: lô can match all 27
      // prizes, so a 1.00 ticket can return 96.03 (LOTT), and 520.00 is the most whose return fits.
      maxMinor: 52_000,
    });
    await lottery.close();
  });

  it('when a member launches a SEA draw in the SEA mode, then its page is a verifiable board (seed hash shown) and the board pays the SEA odds of its digit bets', async () => {
    const lottery = await node();
    const session = await lottery.launch('sea-3d', PLAYER, { prizeMode: 'SEA', lang: 'TY' });
    const page = await lottery.house.app.inject({ method: 'GET', url: `/game/${session}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>SEA 3D</h1>');
    expect(page.body).toContain('<div class="hash">');
    expect(page.body).toContain('"regional":false');
    expect(page.body).toContain('"hundreds":"Daanan"');
    const board = (
      await lottery.house.app.inject({ method: 'GET', url: `/lottery/sessions/${session}/board` })
    ).json();
    expect(board.value).toMatchObject({
      game: { code: 'sea-3d', family: 'sea-3d', minutes: null },
      prizeMode: 'SEA',
    });
    expect(board.value.betTypes[0]).toEqual({
      betType: 'straight',
      odds: ticketOdds('sea-3d', 'straight', 'SEA'),
      minMinor: 100,
      maxMinor: 5_300,
    });
    await lottery.close();
  });

  it('when a bet type can return more than the draw’s cap on one outcome, then the board lowers its top stake to what fits, offers none that even its lowest stake outgrows, and the desk checks the same', async () => {
    const lottery = await node();
    await lottery.runner.tick();
    const { rows } = await databases().nodeA.query<{ draw_code: string }>(
      `select draw_code from lottery_draws where game_code = '5d-3m' and closes_at > $1 order by closes_at limit 1`,
      [new Date('2030-02-01T00:00:10Z')],
    );
    const drawCode = rows[0]?.draw_code as string;
    const session = await lottery.launch('5d-3m');
    const board = (
      await lottery.house.app.inject({ method: 'GET', url: `/lottery/sessions/${session}/board` })
    ).json();
    // 5D straight pays about 95,000 times the stake: even 1.00 could win more than 50,000.00.
    expect(board.value.betTypes.map((type: { betType: string }) => type.betType)).toEqual([
      'position',
      'big-small',
    ]);
    const straight = { betType: 'straight', selection: [1, 2, 3, 4, 5], stakeMinor: 100 };
    expect(await lottery.place(session, { drawCode, bets: [straight] })).toMatchObject({
      status: 409,
      body: { code: 'BET_TYPE_NOT_OFFERED', field: 'body.bets.0.betType' },
    });
    expect(lottery.platform.applied).toEqual([]);

    // 3D straight: 5,000.00 would be its own top; the cap lowers it to 52.00, and the desk agrees.
    const digits = await lottery.launch('3d-3m');
    const threeD = (
      await lottery.house.app.inject({ method: 'GET', url: `/lottery/sessions/${digits}/board` })
    ).json();
    expect(threeD.value.betTypes[0]).toMatchObject({ betType: 'straight', minMinor: 100, maxMinor: 5_200 });
    const threeDraw = drawCode.replace('5d-3m', '3d-3m');
    const over = { betType: 'straight', selection: [1, 2, 3], stakeMinor: 5_300 };
    expect(await lottery.place(digits, { drawCode: threeDraw, bets: [over] })).toMatchObject({
      status: 400,
      body: { code: 'STAKE_OUT_OF_LIMITS', field: 'body.bets.0.stakeMinor' },
    });
    expect(lottery.platform.applied).toEqual([]);
    const top = { ...over, stakeMinor: 5_200 };
    expect((await lottery.place(digits, { drawCode: threeDraw, bets: [top] })).status).toBe(201);
    await lottery.close();
  });

  it('when the board is asked for a session that is not a lottery game, or no session, then 404 and no board', async () => {
    const lottery = await node();
    const slot = await lottery.launch('lucky-koi');
    for (const id of [slot, 'x'.repeat(24), 'bad%00id', 'y'.repeat(90)]) {
      const answer = await lottery.house.app.inject({ method: 'GET', url: `/lottery/sessions/${id}/board` });
      expect([answer.statusCode, answer.json().code]).toEqual([404, 'SESSION_NOT_FOUND']);
    }
    await lottery.close();
  });
});
