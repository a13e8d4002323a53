import type { FastifyInstance } from 'fastify';

/**
 * Request ids and one log line per answered request: failures at info, successes only at debug.
 * Fastify's own two lines per request are off (see app.ts). The hooks are callback-style and
 * build nothing for a success unless debug is on: they run on every status poll.
 */
export function registerRequestLog(app: FastifyInstance): void {
  const logSuccesses = app.log.level === 'debug' || app.log.level === 'trace';
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const failed = reply.statusCode >= 400;
    if (failed || logSuccesses) {
      request.log[failed ? 'info' : 'debug'](
        { method: request.method, url: request.url, statusCode: reply.statusCode, ms: reply.elapsedTime },
        'request',
      );
    }
    done();
  });
}
