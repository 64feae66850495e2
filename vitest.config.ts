import { defineConfig } from 'vitest/config';

// Each workspace package has its own vitest.config.ts; scripts/test.mjs runs them in the order of `npm test`.
export default defineConfig({
  test: {
    projects: [
      'packages/shared',
      'packages/server',
      'packages/server/vitest.faults.config.ts',
      'packages/web',
    ],
  },
});
