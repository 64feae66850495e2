import { defineConfig } from 'vitest/config';
import { defaultClientConditions } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ['source', ...defaultClientConditions] },
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}', '*.test.ts'],
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    css: false,
    testTimeout: 15_000,
  },
});
