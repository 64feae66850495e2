import { defineConfig, defaultClientConditions, defaultServerConditions } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './precompress.ts';
import { barrelImports } from './barrel-imports.ts';
import { chunkGroups } from './chunk-groups.ts';
import { preloadFonts } from './preload-fonts.ts';

// `source` resolves @basira/shared to its TypeScript sources (package exports), so no shared build is needed.
export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild
    ? {
        // The server's render of the pages it sends drawn (src/entry-server.tsx → dist-server/entry-server.js, read
        // by packages/server/src/web/rendered-pages.ts). The libraries stay in node_modules, imported by
        // their packages' own entries (so no barrel rewriting); the shared package is bundled from its sources.
        plugins: [react()],
        ssr: {
          noExternal: ['@basira/shared'],
          resolve: { conditions: ['source', ...defaultServerConditions] },
        },
        build: { target: 'node20', outDir: 'dist-server', emptyOutDir: true, copyPublicDir: false },
      }
    : {
        plugins: [react(), barrelImports(), preloadFonts(), precompress()],
        resolve: { conditions: ['source', ...defaultClientConditions] },
        build: {
          target: 'es2022',
          // The web-bundle bench maps source files to chunks through the manifest.
          manifest: true,
          // The common libraries' chunk (chunk-groups.ts) is about 750 KB before compression, loaded once and cached.
          chunkSizeWarningLimit: 800,
          // A screen is a handful of files (chunk-groups.ts). Modules run in their import order whichever chunk holds
          // them (`strictExecutionOrder`), so a group never runs a module before the ones it imports.
          rolldownOptions: {
            output: {
              strictExecutionOrder: true,
              codeSplitting: { includeDependenciesRecursively: false, groups: [{ name: chunkGroups() }] },
            },
          },
        },
        server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
      },
);
