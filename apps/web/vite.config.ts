import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { lazyContractSchemasPlugin } from './build/lazy-contract-schemas.ts';
import { startAfterFirstPaint } from './build/start-after-first-paint.ts';

const COMPRESSIBLE = /\.(js|css|html|svg|json)$/;

/** Writes .br and .gz next to each text file so the server sends them precompressed. */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'fortuna-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const path = join(dir, name);
          return statSync(path).isDirectory() ? walk(path) : [path];
        });
      for (const file of walk(outDir).filter((path) => COMPRESSIBLE.test(path))) {
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

/** The built page starts its scripts after the first paint (ADR 046); the dev server as ever. */
function scriptsAfterFirstPaint(): Plugin {
  return {
    name: 'fortuna-scripts-after-first-paint',
    apply: 'build',
    transformIndexHtml: { order: 'post', handler: startAfterFirstPaint },
  };
}

const api = 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [lazyContractSchemasPlugin(), react(), scriptsAfterFirstPaint(), precompress()],
  build: {
    target: 'es2022',
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // React and the router change far less often than the lobby: their own chunk stays
            // cached across deploys, and neither it nor the app chunk passes the 500 kB warning.
            { name: 'react-vendor', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            // Zod's switch-off of eval must run before any schema is built, and the contracts'
            // schemas sit in a shared chunk that runs before the entry: so it travels with Zod.
            { name: 'zod', test: /node_modules[\\/]zod[\\/]|zod-without-eval\.ts$/ },
          ],
        },
      },
    },
  },
  server: { proxy: { '/wps': api, '/lgw': api, '/lotto/lgw': api, '/ops': api, '/docs': api } },
});
