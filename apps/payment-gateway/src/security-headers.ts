import { createHash } from 'node:crypto';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { PAY_PAGE_STYLE } from './pay-page.ts';

const ONE_YEAR_SECONDS = 31_536_000;

/** The CSP source that allows exactly this inline stylesheet and no other. */
const hashSourceOf = (css: string) => `'sha256-${createHash('sha256').update(css).digest('base64')}'`;

/**
 * Browser security headers on every answer (@fastify/helmet). The pay page runs no script at all
 * and its one stylesheet is allowed by its hash; nobody may frame it (a framed pay button could be
 * clicked through a decoy); no URL of it is told to other sites; HSTS when it is served over https.
 */
export async function registerSecurityHeaders(app: FastifyInstance, publicUrl: string): Promise<void> {
  const https = publicUrl.startsWith('https://');
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'none'"],
        styleSrc: [hashSourceOf(PAY_PAGE_STYLE)],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        // The pay and cancel buttons post here and are sent on (303) to the merchant's return URL,
        // which may be any merchant's site: browsers check form redirects against this list too.
        formAction: ["'self'", 'http:', 'https:'],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: https ? { maxAge: ONE_YEAR_SECONDS, includeSubDomains: true } : false,
  });
}
