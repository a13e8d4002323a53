import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

export interface SecurityHeaderOptions {
  /** The lobby's public origin (PUBLIC_URL): HSTS is sent only when it is https. */
  publicUrl: string;
  /** Where the house games are served (HOUSE_GAMES_URL): the lobby frames them. */
  houseGamesUrl?: string;
  /** The site's launch CDNs, read per request: an operator may change them at any time. */
  launchHosts: () => readonly string[];
}

const ONE_YEAR_SECONDS = 31_536_000;

/** The origin of an absolute http(s) URL; relative ones ('/') are the lobby's own origin. */
export function originOf(url: string): string | undefined {
  if (!/^https?:\/\//.test(url)) return undefined;
  return new URL(url).origin;
}

/**
 * Browser security headers on every answer of the lobby and the API (@fastify/helmet):
 * - a CSP without inline scripts: the lobby's one start-up script is a file (public/theme-boot.js);
 *   styles need no 'unsafe-inline' either, because React sets `style` props through the CSSOM, which
 *   CSP does not govern, and the announcements' HTML is cleaned of style attributes;
 * - frames: the lobby frames only itself, the house games and the vendors' launch hosts, and is
 *   framed by no one else (frame-ancestors, and X-Frame-Options for older browsers);
 * - Referrer-Policy no-referrer: the session token lives in sessionStorage and launch URLs carry
 *   signed tokens, so no URL of ours is told to another site;
 * - nosniff, and HSTS only when the public URL is https (on http it would lock browsers out).
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions) {
  const https = options.publicUrl.startsWith('https://');
  const houseOrigin = options.houseGamesUrl ? originOf(options.houseGamesUrl) : undefined;
  // Per request: the launch hosts are site configuration that operators change at run time.
  const frameSources = () => {
    const launchOrigins = options.launchHosts().flatMap((host) => originOf(host) ?? []);
    return [...new Set(["'self'", ...(houseOrigin ? [houseOrigin] : []), ...launchOrigins])].join(' ');
  };
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'"],
        // data: the slider puzzle's pieces and the member icons; https: banner and game art that
        // operators and vendors host elsewhere; blob: the previews of images a member picks to
        // upload (object URLs of the page's own files).
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: [frameSources],
        frameAncestors: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    xFrameOptions: { action: 'sameorigin' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: https ? { maxAge: ONE_YEAR_SECONDS, includeSubDomains: true } : false,
  });
}
