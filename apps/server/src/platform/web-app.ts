import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { WEB_ROUTE_PATHS } from '@fortuna/contracts/routes';
import type { FastifyInstance } from 'fastify';
import { failure, isApiPath } from './error-handler.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built lobby: Vite's hashed assets cached for a year, precompressed siblings
 * (.br/.gz) when the browser accepts them, and index.html for every web route so deep links
 * and reloads work. Unknown pages get index.html with 404 (the lobby shows its not-found view);
 * unknown API paths and missing assets get the JSON 404.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
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
      app.get(path, { schema: { hide: true } }, (_request, reply) => reply.sendFile('index.html'));
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
