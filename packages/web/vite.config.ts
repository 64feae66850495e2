import { defineConfig, defaultClientConditions } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './precompress.ts';

// `source` resolves @basira/shared to its TypeScript sources (package exports), so no shared build is needed.
export default defineConfig({
  plugins: [react(), precompress()],
  resolve: { conditions: ['source', ...defaultClientConditions] },
  build: {
    target: 'es2022',
    // The web-bundle bench maps source files to chunks through the manifest.
    manifest: true,
    chunkSizeWarningLimit: 700,
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
});
