import { expect, it } from 'vitest';
import { signedLaunchQuery } from '../platform/fake-platform.test-helpers.ts';
import { PLAYER } from '../play/play.test-helpers.ts';
import { describeEachLotteryDatabase } from './lottery-databases.test-helpers.ts';
import { lotteryNode } from './slips.test-helpers.ts';

const LOBBY = 'https://play.example.test/vnLottery';

describeEachLotteryDatabase(
  "a lottery launch's page: view, device and Back link (spec 7.3, ADR 069)",
  (databases) => {
    const node = () => lotteryNode(databases().nodeA, { clock: { at: Date.parse('2030-02-01T00:00:10Z') } });

    it("when the launch asks for the lobby view, then the page lists the draws of the game's area in its language, each opening that draw's board for the same player and prize mode with a Back link to the list", async () => {
      const lottery = await node();
      const lobby = await lottery.launch('vn-north', PLAYER, {
        view: 'lobby',
        device: 'MOBILE',
        back: LOBBY,
        prizeMode: 'LOTT',
        lang: 'TY',
      });
      const page = await lottery.house.app.inject({ method: 'GET', url: `/game/${lobby}` });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<h1>Mga rehiyonal na draw ng Vietnam</h1>');
      expect([...page.body.matchAll(/data-game="([^"]+)"/g)].map((match) => match[1])).toEqual([
        'vn-north',
        'vn-central',
        'vn-south',
      ]);
      expect(page.body).toContain('<body class="device-mobile">');
      expect(page.body).toContain(`<a class="back" href="${LOBBY}" target="_top" rel="noopener">Bumalik</a>`);
      expect(page.body).not.toContain('/assets/lottery.js');

      const opened = await lottery.house.app.inject({
        method: 'GET',
        url: `/lottery/sessions/${lobby}/games/vn-south`,
      });
      expect(opened.statusCode).toBe(303);
      const board = String(opened.headers.location).split('/').pop() as string;
      expect(board).not.toBe(lobby);
      const boardPage = await lottery.house.app.inject({ method: 'GET', url: `/game/${board}` });
      expect(boardPage.body).toContain('<h1>Timog Vietnam</h1>');
      expect(boardPage.body).toContain('device-mobile');
      expect(boardPage.body).toContain(`<a class="back" href="/game/${lobby}">Bumalik</a>`);
      const offer = (
        await lottery.house.app.inject({ method: 'GET', url: `/lottery/sessions/${board}/board` })
      ).json();
      expect(offer.value).toMatchObject({ game: { code: 'vn-south' }, prizeMode: 'LOTT', demo: false });
      await lottery.close();
    });

    it('when the lobby opens a draw of another area, an unknown game, or a board session is used as a lobby, then 404 and no session opens', async () => {
      const lottery = await node();
      const lobby = await lottery.launch('keno-1m', PLAYER, { view: 'lobby' });
      const board = await lottery.launch('keno-1m', PLAYER, {});
      const sessionsBefore = lottery.house.sessions.size;
      for (const url of [
        `/lottery/sessions/${lobby}/games/vn-north`,
        `/lottery/sessions/${lobby}/games/lucky-koi`,
        `/lottery/sessions/${lobby}/games/${'x'.repeat(80)}`,
        `/lottery/sessions/${board}/games/keno-3m`,
        `/lottery/sessions/${'A'.repeat(24)}/games/keno-3m`,
      ]) {
        const answer = await lottery.house.app.inject({ method: 'GET', url });
        expect(answer.statusCode, url.slice(0, 60)).toBe(404);
      }
      expect(lottery.house.sessions.size).toBe(sessionsBefore);
      const fast = await lottery.house.app.inject({ method: 'GET', url: `/game/${lobby}` });
      expect(fast.body).toContain('<h1>Fast draws</h1>');
      expect((fast.body.match(/data-game=/g) ?? []).length).toBe(12);
      await lottery.close();
    });

    it('when the betting view is launched without device or Back link, then the board is the usual one: no Back link, the width decides the layout', async () => {
      const lottery = await node();
      const board = await lottery.launch('keno-1m', PLAYER, { view: 'betting', device: 'WEB' });
      const page = await lottery.house.app.inject({ method: 'GET', url: `/game/${board}` });
      expect(page.body).toContain('/assets/lottery.js');
      expect(page.body).not.toContain('class="back"');
      expect(page.body).not.toContain('device-mobile');
      await lottery.close();
    });

    it("when a launch's view, device or Back link is bad, or given for a game that is no lottery, then the link opens nothing and says which", async () => {
      const lottery = await node();
      const cases: [Record<string, string>, string][] = [
        [{ game: 'keno-1m', view: 'grid' }, 'view: must be betting or lobby'],
        [{ game: 'keno-1m', device: 'TV' }, 'device: must be WEB or MOBILE'],
        [{ game: 'keno-1m', back: 'javascript:alert(1)' }, 'back: must be an http(s) URL'],
        [{ game: 'keno-1m', back: 'https://x.test/a b' }, 'back: must be an http(s) URL'],
        [{ game: 'keno-1m', back: `https://x.test/${'a'.repeat(600)}` }, 'back: must be an http(s) URL'],
        [{ game: 'lucky-koi', view: 'lobby' }, 'view: only a lottery game takes it'],
        [{ game: 'lucky-koi', back: LOBBY }, 'back: only a lottery game takes it'],
      ];
      const before = lottery.house.sessions.size;
      for (const [params, message] of cases) {
        const response = await lottery.house.app.inject({
          method: 'GET',
          url: `/play?${signedLaunchQuery({ ...params, demo: '0', player: PLAYER })}`,
        });
        expect(response.statusCode, message).toBe(400);
        expect(response.body).toContain(message);
      }
      expect(lottery.house.sessions.size).toBe(before);
      await lottery.close();
    });
  },
);
