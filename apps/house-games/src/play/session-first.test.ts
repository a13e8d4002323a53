import { afterEach, describe, expect, it } from 'vitest';
import { houseOnFakePlatform } from './play.test-helpers.ts';

/** Every call of the games that acts on a session with a body (a lottery's are alike, on its database). */
const SESSION_POSTS = [
  '/api/sessions/{id}/spin',
  '/api/sessions/{id}/seeds',
  '/api/crash/{id}/bet',
  '/api/crash/{id}/cashout',
  '/api/baccarat/{id}/bet',
  '/api/fish/{id}/shot',
];
const UNKNOWN_SESSION = 'A'.repeat(24);

describe('a call naming no open session', () => {
  let close: (() => Promise<unknown>) | undefined;
  afterEach(async () => close?.());

  it('is refused before its body is read: a malformed or oversized body still gets 404 SESSION_NOT_FOUND', async () => {
    const { house } = await houseOnFakePlatform();
    close = () => house.app.close();
    for (const path of SESSION_POSTS) {
      const url = path.replace('{id}', UNKNOWN_SESSION);
      expect(house.app.hasRoute({ method: 'POST', url: path.replace('{id}', ':sessionId') }), path).toBe(
        true,
      );
      for (const payload of ['{"betMinor":', `{"pad":"${'x'.repeat(10_000)}"}`]) {
        const response = await house.app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/json' },
          payload,
        });
        expect([response.statusCode, response.json().code], url).toEqual([404, 'SESSION_NOT_FOUND']);
      }
    }
  });

  it('is refused whatever the shape of the id, never with a 5xx', async () => {
    const { house } = await houseOnFakePlatform();
    close = () => house.app.close();
    const expected: [string, number, string][] = [
      ['x'.repeat(60), 404, 'SESSION_NOT_FOUND'],
      ['%00', 404, 'SESSION_NOT_FOUND'],
      // A lone surrogate is not a URL at all: the router refuses it before any route.
      ['%ED%A0%80', 400, 'FST_ERR_BAD_URL'],
    ];
    for (const [id, status, code] of expected) {
      const response = await house.app.inject({
        method: 'POST',
        url: `/api/sessions/${id}/spin`,
        payload: {},
      });
      expect([response.statusCode, response.json().code], id).toEqual([status, code]);
    }
  });

  it('does not stand in the way of an open session: its malformed body is still a 400', async () => {
    const { house, launch } = await houseOnFakePlatform();
    close = () => house.app.close();
    const sessionId = await launch();
    const response = await house.app.inject({
      method: 'POST',
      url: `/api/sessions/${sessionId}/spin`,
      headers: { 'content-type': 'application/json' },
      payload: '{"betMinor":',
    });
    expect(response.statusCode).toBe(400);
  });
});
