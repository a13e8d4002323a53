import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { houseOnFakePlatform } from './play/play.test-helpers.ts';
import { lobbyOriginsOf } from './security-headers.ts';

describe('house games security headers', () => {
  let fixture: Awaited<ReturnType<typeof houseOnFakePlatform>>;
  beforeAll(async () => {
    fixture = await houseOnFakePlatform();
  });
  afterAll(() => fixture.house.app.close());

  it('when a game page is opened, then only the lobby may frame it and only our own scripts run', async () => {
    const sessionId = await fixture.launch();
    const page = await fixture.house.app.inject({ method: 'GET', url: `/game/${sessionId}` });
    expect(page.statusCode).toBe(200);
    const csp = String(page.headers['content-security-policy']);
    // The fixture's platform is http://platform.test: the lobby is there, or at localhost by default.
    expect(csp).toContain('frame-ancestors http://localhost http://platform.test');
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['strict-transport-security']).toBeUndefined();
  });

  it('when an asset or an API answer is sent, then it carries the same headers', async () => {
    for (const url of ['/assets/slot.js', '/healthz']) {
      const answer = await fixture.house.app.inject({ method: 'GET', url });
      expect(answer.headers['x-content-type-options'], url).toBe('nosniff');
      expect(String(answer.headers['content-security-policy']), url).toContain('frame-ancestors');
    }
  });

  it("when the lobby's public URL is set, then it is the lobby origin, beside the platform's address", () => {
    expect(lobbyOriginsOf('http://10.0.0.5:8080', 'https://play.fortuna.example')).toEqual([
      'https://play.fortuna.example',
      'http://10.0.0.5:8080',
    ]);
    expect(lobbyOriginsOf('http://127.0.0.1:8080')).toEqual([
      'http://localhost:8080',
      'http://127.0.0.1:8080',
    ]);
  });
});
