import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compresses answers above 1 KB for clients that accept it (help centre, whitelabel tree,
 * register settings, OpenAPI). Routes on the hot path opt out with `compress: false`: measured
 * with wrk on this machine, gzip took the permission call from ~65 to ~170 µs of CPU per request
 * and brotli to ~215 µs, about three times its whole cost, which would sink its throughput budget
 * (≥ 60% of a bare Fastify hello-world). The web build's files are precompressed on disk instead.
 * Request bodies are small JSON, so request decompression stays off.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, { global: true, threshold: 1024, globalDecompression: false });
}

/** Route option for calls whose throughput matters more than their size on the wire. */
export const uncompressed = { compress: false } as const;
