import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { compressAssets } from './scripts/compressAssets.mjs';

/** Where `npm start` serves the API, config and distribution while the console runs on Vite's dev server. */
const backend = 'http://localhost:8080';

export default defineConfig({
  root: '.',
  // brotli and gzip copies of the assets, served by Accept-Encoding (scripts/compressAssets.mjs)
  plugins: [react(), compressAssets()],
  resolve: {
    alias: [
      // node-polyglot's polyfill of Object.entries, which every browser of the console has
      {
        find: /^object\.entries$/,
        replacement: fileURLToPath(new URL('src/shims/objectEntries.cjs', import.meta.url)),
      },
    ],
  },
  // the About page's build time: when this bundle was made, not when the server started (src/buildTime.ts)
  define: { __CONSOLE_BUILD_TIME__: JSON.stringify(new Date().toISOString()) },
  build: {
    outDir: 'dist/console',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 800,
  },
  server: {
    // Regular expressions, as prefixes would also catch console routes (/api/endpoints, /passes/...).
    proxy: {
      '^/api/(?!endpoints/?$)': backend,
      '^/config\\.json$': backend,
      '^/favicon\\.(png|ico)$': backend,
      '^/p(/|$)': backend,
      '^/wallet(/|$)': backend,
    },
  },
});
