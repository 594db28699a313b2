import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { compressAssets } from './scripts/compressAssets.mjs';

/** react-admin, MUI and what they are built on (the forms, the queries, the popups). */
const SCREEN_LIBRARIES =
  /node_modules[\\/](ra-[^\\/]+|react-admin|@mui|@emotion|react-hook-form|lodash|@tanstack|inflection|@popperjs|react-transition-group|clsx|prop-types|react-is|@babel)[\\/]/;

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
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The libraries of the first screen in one chunk: one request, cached across releases (they change
            // less often than the console).
            { name: 'libraries', test: /node_modules[\\/]/, tags: ['$initial'] },
            // The rest of react-admin and MUI, which nearly every screen uses, in one chunk too: a screen then
            // loads a handful of files instead of dozens of small ones (each a round trip on a slow link).
            // The designer's, reports' and forms' own libraries stay in the chunks of the screens that use them.
            { name: 'screen-libraries', test: SCREEN_LIBRARIES },
          ],
        },
      },
    },
    // the libraries chunk of the first screen is about 800 kB before compression (250 kB gzip)
    chunkSizeWarningLimit: 1000,
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
