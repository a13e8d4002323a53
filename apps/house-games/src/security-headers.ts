import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

const ONE_YEAR_SECONDS = 31_536_000;

/**
 * The lobby's origins, the only pages that may frame a game: its public URL (the platform's
 * PUBLIC_URL, which defaults there to http://localhost:<port>) and the platform's own address,
 * where `npm start` serves the lobby too.
 */
export function lobbyOriginsOf(platformUrl: string, publicUrl?: string): string[] {
  const platform = new URL(platformUrl);
  const localhost = new URL(platform.origin);
  localhost.hostname = 'localhost';
  const lobby = publicUrl ? new URL(publicUrl).origin : localhost.origin;
  return [...new Set([lobby, platform.origin])];
}

/**
 * Browser security headers on every answer of the house games (@fastify/helmet):
 * - framed by the lobby only (frame-ancestors; X-Frame-Options cannot name an origin, so it is left
 *   out and browsers follow frame-ancestors);
 * - scripts only from our own files (the game's settings travel in a JSON data block, which is not
 *   run); styles also inline ('unsafe-inline'): each game page carries its theme colours in a
 *   <style> of its own and the games build markup with style attributes (card deal delays, fish
 *   colours). Inline styles can restyle a page but run nothing;
 * - no-referrer: a launch URL carries the player's signed launch parameters;
 * - nosniff, and HSTS when the lobby is served over https.
 */
export async function registerSecurityHeaders(app: FastifyInstance, lobbyOrigins: readonly string[]) {
  const https = lobbyOrigins[0]?.startsWith('https://') ?? false;
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: [...lobbyOrigins],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    xFrameOptions: false,
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: https ? { maxAge: ONE_YEAR_SECONDS, includeSubDomains: true } : false,
  });
}
