import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** What browsers fetch as text; source maps stay uncompressed (only developer tools read them). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Smaller files gain less than the bytes of the headers. */
const MIN_BYTES = 1024;

/** Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip, level 9) next to one file, when smaller. */
async function compressFile(file) {
  const content = await fs.readFile(file);
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    }),
    gzip(content, { level: 9 }),
  ]);
  if (br.length < content.length) await fs.writeFile(`${file}.br`, br);
  if (gz.length < content.length) await fs.writeFile(`${file}.gz`, gz);
}

/** Every compressible file under a folder, however deep. */
async function compressibleFiles(dir) {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  const files = [];
  for (const entry of entries) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    if ((await fs.stat(file)).size >= MIN_BYTES) files.push(file);
  }
  return files;
}

/**
 * Vite plugin: after the build, every text asset of the output folder gets its brotli and gzip copies, which the
 * server sends to browsers that accept them (server/features/console/consoleApp.ts, @fastify/static's `preCompressed`).
 *
 * @example export default defineConfig({ plugins: [react(), compressAssets()] });
 */
export function compressAssets() {
  let outDir = 'dist';
  return {
    name: 'passbase:compress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = await compressibleFiles(outDir);
      await Promise.all(files.map(compressFile));
    },
  };
}
