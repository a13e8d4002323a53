import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHouseGamesApp, type HouseGamesApp } from '../app.ts';
import { FAKE_SECRET } from '../platform/fake-platform.test-helpers.ts';
import { ensureDrawTables } from './draw-store.ts';
import { drawNumbers, drawSeedHash } from './verifiable-draw.ts';

describe('the public lottery calls', () => {
  let house: HouseGamesApp;
  let db: PGlite;
  let clock = Date.parse('2026-11-26T21:00:30Z');

  beforeAll(async () => {
    db = new PGlite();
    await ensureDrawTables(db);
    house = await buildHouseGamesApp({
      secret: FAKE_SECRET,
      platformUrl: 'http://platform.test',
      logger: false,
      crashTicks: false,
      lottery: { db, ticks: false, now: () => clock },
    });
    await house.lottery?.tick();
    clock += 60_000;
    await house.lottery?.tick();
  });
  afterAll(async () => {
    await house.app.close();
    await db.close();
  });

  const get = async (url: string) => {
    const response = await house.app.inject({ method: 'GET', url });
    return { status: response.statusCode, body: response.json() };
  };

  it('when a game’s draws are listed, then the open draw shows its hash only and the drawn one everything', async () => {
    const { status, body } = await get('/lottery/draws?game=keno-1m&limit=5');
    expect(status).toBe(200);
    const [open, drawn] = body.draws;
    expect(open).toMatchObject({
      drawCode: 'keno-1m-202611262102',
      state: 'UNDRAWN',
      seed: null,
      numbers: null,
      closingValue: null,
    });
    expect(drawn).toMatchObject({
      drawCode: 'keno-1m-202611262101',
      state: 'SETTLED',
      drawnAt: '2026-11-26T21:01:30.000Z',
      closedTickets: [],
    });
    expect(drawSeedHash(drawn.seed)).toBe(drawn.seedHash);
    expect(drawn.numbers.numbers).toHaveLength(20);
  });

  it('when the verify call gets a drawn draw’s seed and closing value, then it recomputes its hash and numbers', async () => {
    const { body: drawn } = await get('/lottery/draws/keno-1m-202611262101');
    const { status, body } = await get(
      `/lottery/verify?family=keno&seed=${drawn.seed}&closingValue=${drawn.closingValue}`,
    );
    expect(status).toBe(200);
    expect(body.seedHash).toBe(drawn.seedHash);
    expect(body.numbers.numbers).toEqual(drawn.numbers.numbers);
    expect(body.numbers).toEqual(drawNumbers('keno', drawn.seed, drawn.closingValue));
  });

  it('when a drawn draw’s verify page is opened, then it shows the revealed seed and both checks pass', async () => {
    const { body: drawn } = await get('/lottery/draws/keno-1m-202611262101');
    const page = await house.app.inject({ method: 'GET', url: '/lottery/draws/keno-1m-202611262101/verify' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(drawn.seed);
    expect(page.body).toContain(drawn.numbers.numbers.join(' '));
    expect(page.body).toMatch(/id="list-check"><strong class="ok">/);
    expect(page.body).toMatch(/id="hash-check"><strong class="ok">/);
    expect(page.body).toMatch(/id="numbers-check"><strong class="ok">/);
  });

  it('when an open draw’s verify page is opened, then it shows the hash and keeps the seed back', async () => {
    const page = await house.app.inject({ method: 'GET', url: '/lottery/draws/keno-1m-202611262102/verify' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Not drawn yet');
    expect(page.body).not.toContain('id="seed"');
    const { rows } = await db.query<{ seed: string }>(
      "select seed from lottery_draws where draw_code = 'keno-1m-202611262102'",
    );
    expect(page.body).not.toContain(rows[0]?.seed);
  });

  it('when a verify page names a bad or unknown draw, then it is a 400 or a 404 page', async () => {
    const bad = await house.app.inject({ method: 'GET', url: '/lottery/draws/%3Cscript%3E/verify' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).not.toContain('<script>');
    const unknown = await house.app.inject({
      method: 'GET',
      url: '/lottery/draws/keno-1m-209901010000/verify',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('when a draw is unknown, then it is a 404 naming the draw code', async () => {
    expect(await get('/lottery/draws/keno-1m-209901010000')).toMatchObject({
      status: 404,
      body: { code: 'DRAW_NOT_FOUND', field: 'params.drawCode' },
    });
  });

  it('when the input is bad, then it is a 400 naming the field', async () => {
    const hex = 'a'.repeat(64);
    const cases: [string, string][] = [
      ['/lottery/draws', 'query.game'],
      ['/lottery/draws?game=bingo-1m', 'query.game'],
      ['/lottery/draws?game=keno-1m%00', 'query.game'],
      ['/lottery/draws?game=keno-1m&limit=0', 'query.limit'],
      ['/lottery/draws?game=keno-1m&limit=99999999999999999999999', 'query.limit'],
      ['/lottery/draws?game=keno-1m&limit=1.5', 'query.limit'],
      ['/lottery/draws?game=keno-1m&extra=1', 'query.extra'],
      [`/lottery/draws/${'k'.repeat(90)}`, 'params.drawCode'],
      ['/lottery/draws/keno%00', 'params.drawCode'],
      [`/lottery/verify?family=lotto&seed=${hex}&closingValue=${hex}`, 'query.family'],
      [`/lottery/verify?family=keno&seed=${hex.toUpperCase()}&closingValue=${hex}`, 'query.seed'],
      [`/lottery/verify?family=keno&seed=${hex}&closingValue=${hex}0`, 'query.closingValue'],
      [`/lottery/verify?family=keno&seed=${hex}&seed=${hex}&closingValue=${hex}`, 'query.seed'],
    ];
    for (const [url, field] of cases) {
      const { status, body } = await get(url);
      expect({ url: url.slice(0, 80), status, field: body.field }).toEqual({
        url: url.slice(0, 80),
        status: 400,
        field,
      });
    }
  });
});
