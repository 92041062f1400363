import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { localeTexts } from './scripts/locale-texts-plugin';

const gatewayPort = process.env.PORT ?? '8080';

export default defineConfig({
  plugins: [react(), localeTexts()],
  resolve: {
    // React 19 has useSyncExternalStore: @xstate/react's shim for React 17 is dead weight on every page.
    alias: [
      { find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/, replacement: 'use-sync-external-store/with-selector.js' },
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: fileURLToPath(new URL('src/app/use-sync-external-store.ts', import.meta.url)) },
    ],
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${gatewayPort}`, '/files': `http://127.0.0.1:${gatewayPort}`, '/streaming': { target: `ws://127.0.0.1:${gatewayPort}`, ws: true } },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      output: {
        // React in a chunk of its own: it changes rarely (long cache life) and bench:bundle reports its share.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            // The libraries every page runs, in one file: split in many small shared chunks they cost the first
            // visit to /auth a gzip header and a cold dictionary each. xstate/graph stays with /flows.
            {
              name: 'core',
              test: /node_modules[\\/](xstate[\\/](?!graph)|@xstate[\\/]react|wouter|regexparam|rosetta|dlv|templite|superstruct|use-sync-external-store)|src[\\/]services[\\/](i18n|cookies)\.ts|src[\\/]views[\\/]components[\\/](logo|local-link)\.tsx|preload-helper|rolldown[\\/]runtime/,
            },
            // The form parts the sign-in form is made of, shared with registration and the /v2/ui showcase.
            { name: 'form', test: /src[\\/]views[\\/]components[\\/]form[\\/](field|text-field|password-field|form-error|submit-button)\.tsx/ },
          ],
        },
      },
    },
  },
  test: {
    include: ['tests/{unit,machines,views,server}/**/*.test.{ts,tsx}'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 20000,
    hookTimeout: 60000,
  },
});
