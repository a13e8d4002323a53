import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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

const api = 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), precompress()],
  build: { target: 'es2022', assetsInlineLimit: 0 },
  server: { proxy: { '/wps': api, '/lgw': api, '/ops': api, '/docs': api } },
});
