import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { HOME_PATHS, WEB_ROUTE_PATHS } from '@fortuna/contracts/routes';
import type { FastifyInstance } from 'fastify';
import { failure, isApiPath } from './error-handler.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const HOME = new Set<string>(HOME_PATHS);
/** What may sit between a Link header's angle brackets: no space, quote, bracket or non-ASCII. */
const LINKABLE_URL = /^[\x21-\x7e]+$/;
const UNLINKABLE_CHARS = /[<>"]/;

/** The home page's first banner as the lobby will draw it first (ADR 046, 068). */
export interface FirstPaintBanner {
  imageUrl: string;
  /** As the lobby draws it for `lang`, the site's default language; empty when it has none. */
  title: string;
  lang: string;
}

export interface WebAppOptions {
  /**
   * The home page's first banner, which the lobby learns only after its scripts and a content
   * call: its image (the largest) is named in a preload Link header, so a phone fetches it with
   * the page, and the first paint draws it with its title (Lighthouse's largest contentful paint).
   */
  homeFirstBanner?: () => Promise<FirstPaintBanner | undefined>;
}

/** `Link: <url>; rel=preload` for an image, or nothing for a URL a header cannot carry. */
export function imagePreloadLink(url: string | undefined): string | undefined {
  if (!url || !LINKABLE_URL.test(url) || UNLINKABLE_CHARS.test(url)) return undefined;
  return `<${url}>; rel=preload; as=image; fetchpriority=high`;
}

/** Where index.html's first paint (ADR 046) takes the home page's top: see firstPaintOfHome. */
export const FIRST_PAINT_HOME_MARK = '<!--first-paint:home-->';
/**
 * Where index.html's head takes the language of the first paint's text, before theme-boot.js
 * reads it: a visitor who chose another language gets the title hidden, never mistranslated.
 */
export const FIRST_PAINT_LANG_MARK = '<!--first-paint:lang-->';

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);

/**
 * The home page's top as the lobby will draw it (the notice bar's place, the first banner at its
 * size with its title, the hero's place), in index.html before any script: the browser paints it
 * while the scripts load (ADR 046). On a wide screen the banner's art is a large, light SVG that
 * Chrome does not count as contentful (too few bytes per pixel), so its title, the same text at
 * the same place as the lobby's, is what a desktop visitor first reads (ADR 068). The image URL
 * passed imagePreloadLink's check.
 */
export function firstPaintOfHome(imageUrl: string | undefined, title = ''): string {
  const image = imageUrl
    ? `<img class="banner-slide__image" src="${escapeHtml(imageUrl)}" alt="" fetchpriority="high">`
    : '';
  const heading = title
    ? `<span class="banner-slide__title first-paint__title">${escapeHtml(title)}</span>`
    : '';
  return `<div class="home"><div class="home__top"><div class="first-paint__notice"></div><div class="banner-carousel">${image}${heading}</div></div><div class="first-paint__hero"></div></div>`;
}

/** The head's note of the first paint's language for theme-boot.js (FIRST_PAINT_LANG_MARK). */
export function firstPaintLanguage(lang: string | undefined): string {
  return lang ? `<meta name="first-paint-lang" content="${escapeHtml(lang)}">` : '';
}

/**
 * Serves the built lobby: Vite's hashed assets cached for a year, precompressed siblings
 * (.br/.gz) when the browser accepts them, and index.html for every web route so deep links
 * and reloads work. Unknown pages get index.html with 404 (the lobby shows its not-found view);
 * unknown API paths and missing assets get the JSON 404.
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
  options: WebAppOptions = {},
): Promise<void> {
  const hasWebApp = existsSync(join(distDir, 'index.html'));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: distDir,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders(reply, filePath) {
        reply.header('cache-control', filePath.includes('/assets/') ? IMMUTABLE : 'no-cache');
      },
    });
    for (const path of WEB_ROUTE_PATHS) {
      app.get(path, { schema: { hide: true } }, async (_request, reply) => {
        if (HOME.has(path)) {
          // A failing content read costs the preload and the banner's first paint, never the page.
          const banner = await options.homeFirstBanner?.().catch(() => undefined);
          const link = imagePreloadLink(banner?.imageUrl);
          if (link) reply.header('link', link);
          const page = await readFile(join(distDir, 'index.html'), 'utf8');
          const title = banner?.title ?? '';
          return reply
            .type('text/html; charset=utf-8')
            .header('cache-control', 'no-cache')
            .send(
              page
                .replace(FIRST_PAINT_LANG_MARK, firstPaintLanguage(title ? banner?.lang : undefined))
                .replace(FIRST_PAINT_HOME_MARK, firstPaintOfHome(link ? banner?.imageUrl : undefined, title)),
            );
        }
        return reply.sendFile('index.html');
      });
    }
  } else {
    app.log.warn({ distDir }, 'no built web app found: serving the API only (run `npm run build`)');
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const wantsPage = request.method === 'GET' && !isApiPath(path) && !path.startsWith('/assets/');
    if (hasWebApp && wantsPage) return reply.status(404).sendFile('index.html');
    return failure(reply, 'NOT_FOUND', `Not found: ${request.method} ${path}`);
  });
}
