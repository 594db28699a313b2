import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Where `npm start` serves the API, config and distribution while the console runs on Vite's dev server. */
const backend = 'http://localhost:8080';

export default defineConfig({
  root: '.',
  plugins: [react()],
  // the About page's build time: when this bundle was made, not when the server started (src/buildTime.ts)
  define: { __CONSOLE_BUILD_TIME__: JSON.stringify(new Date().toISOString()) },
  build: {
    outDir: 'dist/console',
    emptyOutDir: true,
    sourcemap: true,
    // Libraries change less often than the console: their own chunks stay cached across releases.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'mui', test: /node_modules[\\/]@(mui|emotion)[\\/]/ },
            { name: 'react-admin', test: /node_modules[\\/](react-admin|ra-[^\\/]+)[\\/]/ },
            // Not the spreadsheet writer of the pass export, the schema forms of dynamic data, nor the designer's
            // barcode drawing and map: they stay in the chunks loaded when they are used.
            {
              name: 'vendor',
              test: /node_modules[\\/](?!xlsx[\\/]|@rjsf[\\/]|@x0k[\\/]|bwip-js[\\/]|leaflet[\\/])/,
            },
          ],
        },
      },
    },
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
