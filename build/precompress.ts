import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files worth compressing; images and fonts in the build are already compressed. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;
/** Below this a compressed copy saves less than the extra header costs. */
const MIN_BYTES = 1024;

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip -9) beside each compressible file, for
 * @fastify/static's `preCompressed` (server/core/http/static.ts), which picks one by the request's
 * Accept-Encoding. Done once at build time, so no request pays for compression and brotli can use its
 * slowest, smallest setting. A copy that is not smaller than the file is not written: the file is sent as is.
 */
export async function precompressFiles(dir: string, files: readonly string[]): Promise<void> {
  await Promise.all(
    files
      .filter((file) => COMPRESSIBLE.test(file))
      .map(async (file) => {
        const path = join(dir, file);
        const content = await readFile(path);
        if (content.length < MIN_BYTES) return;
        const [br, gz] = await Promise.all([
          brotli(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
          gzipAsync(content, { level: 9 }),
        ]);
        if (br.length < content.length) await writeFile(`${path}.br`, br);
        if (gz.length < content.length) await writeFile(`${path}.gz`, gz);
      }),
  );
}

/** Vite plugin: precompresses every file of the production build once it is written (see precompressFiles). */
export function precompress(): Plugin {
  return {
    name: 'ess-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      if (options.dir) await precompressFiles(options.dir, Object.keys(bundle));
    },
  };
}
