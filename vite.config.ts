import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const gatewayPort = process.env.PORT ?? '8080';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${gatewayPort}` },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      output: {
        // React in a chunk of its own: it changes rarely (long cache life) and bench:bundle reports its share.
        codeSplitting: { groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ }] },
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
