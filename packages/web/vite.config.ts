import { defineConfig, defaultClientConditions } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { chunkGroups } from './chunks.ts';
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
    // A screen in a few files, not dozens of small chunks one after another (chunks.ts).
    rolldownOptions: {
      output: {
        // Chunks of grouped modules import each other both ways: modules run in their import order, not their
        // chunk's (without it a class of one chunk was used before the other chunk had defined it).
        strictExecutionOrder: true,
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: chunkGroups(fileURLToPath(new URL('./src', import.meta.url))),
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
});
